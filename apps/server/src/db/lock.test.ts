import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
  it('takes the lock with our PID and gives it back', () => {
    const release = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(() => readFileSync(join(dir, 'server.lock'))).toThrow();
  });

  it('refuses a folder held by another live process, naming it and the ways out', () => {
    writeFileSync(join(dir, 'server.lock'), String(otherLivePid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      new RegExp(`PID ${otherLivePid}.*DATABASE_URL`, 's'),
    );
  });

  it('takes over a lock left by a process that has ended', () => {
    writeFileSync(join(dir, 'server.lock'), String(deadPid));
    const release = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
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
