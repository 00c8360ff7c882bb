import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../env';

describe('guardUnhandledRejections', () => {
  it('logs a rejection nobody awaited and the process carries on', () => {
    // its own process: vitest catches unhandled rejections itself, which would hide a crash
    const script = `
      import { guardUnhandledRejections } from './src/lib/process-guards.ts';
      const setLog = guardUnhandledRejections(() => {});
      setLog((message, err) => console.log('logged:', message, err.message));
      void Promise.reject(new Error('Connection terminated unexpectedly'));
      setTimeout(() => console.log('still serving'), 50);
    `;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: serverRoot,
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    expect(run.stderr).not.toMatch(/Connection terminated/);
    expect(run.stdout).toContain(
      'logged: unhandled promise rejection (the server keeps running) Connection terminated unexpectedly',
    );
    expect(run.stdout).toContain('still serving');
    expect(run.status).toBe(0);
  });
});
