import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** PGlite is single-writer: a second process on the same folder would corrupt it. */
export class DataDirLockedError extends Error {}

/** What /proc says of a process (Linux); null where there is no /proc or no such process. */
interface ProcState {
  /** clock ticks after boot (field 22): a reused PID has another */
  startTime: string;
  /** it is on its way out: a zombie or dead, exiting (PF_EXITING), or a SIGKILL is pending */
  ending: boolean;
}

const PF_EXITING = 0x4;
const SIGKILL_BIT = 1n << 8n;

function procState(pid: number): ProcState | null | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // no /proc at all (macOS, Windows): unknown, the caller falls back to kill(pid, 0)
    return existsSync('/proc/self/stat') ? null : undefined;
  }
  // fields after the command name, which is in parentheses and may hold spaces
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0] ?? '';
  const flags = Number(fields[6] ?? 0);
  const startTime = fields[19] ?? '';
  let killPending = false;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    for (const line of status.split('\n')) {
      const [name, value] = line.split(':\t');
      if ((name === 'SigPnd' || name === 'ShdPnd') && value && BigInt(`0x${value}`) & SIGKILL_BIT)
        killPending = true;
    }
  } catch {
    // gone between the two reads
    return null;
  }
  return {
    startTime,
    ending: state === 'Z' || state === 'X' || (flags & PF_EXITING) !== 0 || killPending,
  };
}

/**
 * Whether `pid` (which recorded `startTime`) is a live process. After kill -9 a PID still answers
 * kill(pid, 0) while the kernel tears the process down and until its parent reaps it (about 1.2 s
 * was seen with PGlite's large heap), so on Linux /proc decides: a zombie, an exiting process, one
 * with SIGKILL pending, or a PID reused by a process started at another time does not hold the lock.
 */
function isAlive(pid: number, startTime?: string): boolean {
  const proc = procState(pid);
  if (proc === null) return false;
  if (proc) return !proc.ending && (startTime === undefined || proc.startTime === startTime);
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

export interface LockOptions {
  /**
   * How long to wait for a holder that looks alive to go away before refusing (a process being
   * torn down where /proc cannot tell, or a supervisor restarting while the old one exits).
   */
  waitMs?: number;
}

/**
 * Takes `<dataDir>/server.lock` (holding our PID and start time) or throws when a live process
 * holds it. A lock left by a process that died (kill -9, power loss) is taken over at once.
 */
export function acquireDataDirLock(
  dataDir: string,
  { waitMs = 3000 }: LockOptions = {},
): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  const own = procState(process.pid);
  const content = own ? `${process.pid} ${own.startTime}` : String(process.pid);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      writeFileSync(file, content, { flag: 'wx' });
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
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue; // released between our write and read: try again
      }
      const [pidText = '', startTime] = text.trim().split(' ');
      const holder = Number.parseInt(pidText, 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder, startTime)) {
        if (Date.now() < deadline) {
          sleep(100);
          continue;
        }
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another server process (PID ${holder}). ` +
            'The embedded database allows one process at a time: stop that process, point DATA_DIR ' +
            'at another folder, or set DATABASE_URL to use PostgreSQL.',
        );
      }
      // stale lock left by a crashed process; only the one whose rm+write wins goes on
      rmSync(file, { force: true });
    }
  }
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
