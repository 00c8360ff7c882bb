import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** PGlite is single-writer: a second process on the same folder would corrupt it. */
export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes `<dataDir>/server.lock` (holding our PID) or throws when a live process holds it. */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another server process (PID ${holder}). ` +
            'The embedded database allows one process at a time: stop that process, point DATA_DIR ' +
            'at another folder, or set DATABASE_URL to use PostgreSQL.',
        );
      }
      // stale lock left by a crashed process
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${file}`);
}

/**
 * Where the process holding the data folder listens, so an operator command that finds the folder
 * locked can ask that server instead (it may have started on any PORT, including 0).
 */
export interface ServerAddress {
  pid: number;
  /** Base URL reachable from this machine, e.g. http://127.0.0.1:3000 */
  url: string;
}

const addressFile = (dataDir: string) => join(dataDir, 'server.address.json');

/** Host a local client should dial: wildcard listens are reached through loopback. */
export function localUrl(host: string, port: number): string {
  const dial = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${dial.includes(':') ? `[${dial}]` : dial}:${port}`;
}

export function recordServerAddress(dataDir: string, host: string, port: number): void {
  const file = addressFile(dataDir);
  const address: ServerAddress = { pid: process.pid, url: localUrl(host, port) };
  writeFileSync(file, JSON.stringify(address));
  process.once('exit', () => {
    try {
      const current = JSON.parse(readFileSync(file, 'utf8')) as ServerAddress;
      if (current.pid === process.pid) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  });
}

/** The running server's address, or null when none is recorded or its process has ended. */
export function readServerAddress(dataDir: string): ServerAddress | null {
  try {
    const parsed = JSON.parse(readFileSync(addressFile(dataDir), 'utf8')) as Partial<ServerAddress>;
    if (typeof parsed.pid !== 'number' || typeof parsed.url !== 'string' || !isAlive(parsed.pid))
      return null;
    return { pid: parsed.pid, url: parsed.url };
  } catch {
    return null;
  }
}
