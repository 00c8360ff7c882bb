import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverRoot } from '../env';
import {
  acquireDataDirLock,
  DataDirLockedError,
  localUrl,
  readServerAddress,
  recordServerAddress,
} from './lock';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lock-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// A PID that is certainly alive and is not ours: the process that started the test runner.
const otherLivePid = process.ppid;
// PIDs are capped well below this on Linux, so no process has it.
const deadPid = 2 ** 22 + 12345;

describe('data folder lock', () => {
  it('takes the lock with our PID and start time and gives it back', () => {
    const release = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toMatch(
      new RegExp(`^${process.pid} \\d+$`),
    );
    release();
    expect(() => readFileSync(join(dir, 'server.lock'))).toThrow();
  });

  it('refuses a folder held by another live process, naming it and the ways out', () => {
    writeFileSync(join(dir, 'server.lock'), String(otherLivePid));
    expect(() => acquireDataDirLock(dir, { waitMs: 0 })).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir, { waitMs: 0 })).toThrow(
      new RegExp(`PID ${otherLivePid}.*DATABASE_URL`, 's'),
    );
    // with the start time /proc gives it, too
    const startTime = readFileSync(`/proc/${otherLivePid}/stat`, 'utf8')
      .split(') ')[1]!
      .split(' ')[19];
    writeFileSync(join(dir, 'server.lock'), `${otherLivePid} ${startTime}`);
    expect(() => acquireDataDirLock(dir, { waitMs: 0 })).toThrow(DataDirLockedError);
  });

  it('takes over a lock whose PID now belongs to a process started at another time', () => {
    writeFileSync(join(dir, 'server.lock'), `${otherLivePid} 1`);
    acquireDataDirLock(dir, { waitMs: 0 })();
  });

  it('takes over a lock held by a zombie (dead, not yet reaped)', async () => {
    // sh starts a short sleep, then becomes a long one that never reaps it
    const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const zombie = Number(
        await new Promise<string>((resolve) =>
          parent.stdout.once('data', (d) => resolve(String(d))),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(readFileSync(`/proc/${zombie}/stat`, 'utf8')).toMatch(/\) Z /);
      expect(() => process.kill(zombie, 0)).not.toThrow(); // what fooled the old check
      writeFileSync(join(dir, 'server.lock'), String(zombie));
      acquireDataDirLock(dir, { waitMs: 0 })();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that has ended', () => {
    writeFileSync(join(dir, 'server.lock'), String(deadPid));
    const release = acquireDataDirLock(dir, { waitMs: 0 });
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    release();
  });
});

/**
 * The server as a shop runs it (tsx src/server.ts, in one process). Its parent is a shell that
 * then becomes `sleep` and never reaps it: after kill -9 the dead server stays a zombie whose PID
 * still answers kill(pid, 0), as it did for about 1.2 s under a busy supervisor, now for good.
 */
function startServer(dataDir: string) {
  const parent = spawn(
    'sh',
    ['-c', '"$0" --import tsx src/server.ts & exec sleep 600', process.execPath],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        // no load balancer to drain for: the test's SIGTERM stops it at once
        SHUTDOWN_DRAIN_MS: '0',
        WEB_DIST_DIR: join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  parents.push(parent);
  let output = '';
  parent.stdout.on('data', (d) => (output += String(d)));
  parent.stderr.on('data', (d) => (output += String(d)));
  return { output: () => output };
}

const parents: ChildProcess[] = [];
afterEach(() => {
  for (const parent of parents.splice(0)) parent.kill('SIGKILL');
});

/**
 * Waits until a server other than `previous` records where it listens and answers the product
 * list there (so the embedded database opened its data); its PID. Null when `gaveUp` says so.
 */
async function serving(dataDir: string, previous?: number, gaveUp = () => false) {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline && !gaveUp()) {
    const address = readServerAddress(dataDir);
    if (address && address.pid !== previous) {
      const res = await fetch(`${address.url}/api/v1/products?limit=1`);
      expect(res.status).toBe(200);
      expect((await res.json()).data).toHaveLength(1);
      return address.pid;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

describe('a real server on a data folder', () => {
  it(
    'restarts at once after kill -9, every round, and opens its data',
    { timeout: 120_000 },
    async () => {
      let server = startServer(dir);
      let pid = await serving(dir);
      expect(pid, server.output()).not.toBeNull();
      for (let round = 0; round < 3; round++) {
        process.kill(pid!, 'SIGKILL');
        // a supervisor restarts immediately; the dead server stays an unreaped zombie
        server = startServer(dir);
        const next = await serving(dir, pid!, () => server.output().includes('in use'));
        expect(next, `round ${round}: ${server.output()}`).not.toBeNull();
        expect(readFileSync(`/proc/${pid}/stat`, 'utf8')).toMatch(/\) Z /);
        pid = next;
      }
      process.kill(pid!, 'SIGKILL');
    },
  );

  it(
    'refuses a second live server on the same folder, saying why',
    { timeout: 60_000 },
    async () => {
      startServer(dir);
      const pid = await serving(dir);
      expect(pid).not.toBeNull();
      const second = startServer(dir);
      const deadline = Date.now() + 30_000;
      while (!second.output().includes('in use') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(second.output()).toContain(`is in use by another server process (PID ${pid})`);
      // the first one is untouched
      expect(await serving(dir)).toBe(pid);
      process.kill(pid!, 'SIGTERM');
    },
  );
});

describe('running server address', () => {
  it('is read back as a URL a local command can dial', () => {
    recordServerAddress(dir, '0.0.0.0', 4123);
    expect(readServerAddress(dir)).toEqual({ pid: process.pid, url: 'http://127.0.0.1:4123' });
  });

  it('is ignored when its process has ended or the file is unreadable', () => {
    expect(readServerAddress(dir)).toBeNull();
    writeFileSync(
      join(dir, 'server.address.json'),
      JSON.stringify({ pid: deadPid, url: 'http://127.0.0.1:1' }),
    );
    expect(readServerAddress(dir)).toBeNull();
    writeFileSync(join(dir, 'server.address.json'), '{not json');
    expect(readServerAddress(dir)).toBeNull();
  });

  it('dials loopback for wildcard hosts and brackets IPv6', () => {
    expect(localUrl('::', 3000)).toBe('http://127.0.0.1:3000');
    expect(localUrl('192.168.1.5', 3000)).toBe('http://192.168.1.5:3000');
    expect(localUrl('::1', 3000)).toBe('http://[::1]:3000');
  });
});
