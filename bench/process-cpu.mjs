// What the benches share about the machine: pinning (autocannon on the first core, the server on
// the last, where `taskset` exists) and a process's own CPU time from /proc.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';

const cores = availableParallelism();
/** True when this process now runs on core 0 and servers should be started on `serverCore`. */
export const pin =
  process.env.BENCH_PIN !== '0' &&
  cores >= 2 &&
  spawnSync('taskset', ['-p', '-c', '0', String(process.pid)]).status === 0;
export const serverCore = String(cores - 1);
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** User + system CPU seconds a process has used so far, or NaN where /proc is missing. */
export function cpuSeconds(pid) {
  try {
    // the command name (field 2) may hold spaces; the fields after its ')' are fixed
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return NaN;
  }
}

/**
 * One autocannon round against `url`, its result with `cpuMicros`: the microseconds of `pid`'s CPU
 * per answered request (the server's own cost, whatever autocannon costs on its core).
 */
export function loadRound({ url, headers = {}, connections, duration, pid }) {
  const cpuBefore = cpuSeconds(pid);
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration }, (err, result) => {
      if (err) return reject(err);
      result.cpuMicros = ((cpuSeconds(pid) - cpuBefore) * 1e6) / result.requests.total;
      resolve(result);
    });
  });
}

/** Whether Debian's `wrk` (a load generator in C) is on this machine. */
export const hasWrk = spawnSync('wrk', ['--version']).error === undefined;

const WRK_UNITS = { us: 0.001, ms: 1, s: 1000 };
const wrkMs = (value, unit) => Number(value) * WRK_UNITS[unit];

/**
 * One round of `wrk` against `url` (one thread, on this process's core), shaped as loadRound's
 * result. For answers that are compressed: autocannon 9 appends every response body to a JS
 * string (`req.body += data`, lib/pipelinedRequestsQueue.js), and decoding binary brotli bytes as
 * UTF-8 costs its one core far more than ASCII of the same length; against a bare node:http server
 * on this machine it gave ~4,000 req/s for the listing's 11.6 KB of br and ~16,000 for as many
 * ASCII bytes, where wrk gave ~20,000 for both (docs/decisions/rendered-page-cache.md). wrk reads
 * the bytes and throws them away, as a browser's network stack does before it decodes.
 */
export function wrkRound({ url, headers = {}, connections, duration, pid }) {
  const cpuBefore = cpuSeconds(pid);
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', [...args, url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const total = Number(out.match(/(\d+) requests in/)?.[1]);
      const seconds = Number(out.match(/requests in ([\d.]+)s/)?.[1]);
      const p99 = out.match(/\s99%\s+([\d.]+)(us|ms|s)\b/);
      if (code !== 0 || !total || !seconds || !p99) {
        return reject(new Error(`wrk failed (exit ${code}):\n${out}`));
      }
      const socket = out.match(
        /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/,
      );
      resolve({
        requests: { average: total / seconds, total },
        latency: { p99: Math.round(wrkMs(p99[1], p99[2])) },
        errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
        non2xx: Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
        cpuMicros: ((cpuSeconds(pid) - cpuBefore) * 1e6) / total,
      });
    });
  });
}

/**
 * Starts `node ...args` from `cwd` for a bench to load: on the server core when pinned, told to
 * stop at once on SIGTERM (no load balancer to drain for, server.ts), its output on ours.
 */
export function startPinned(cwd, args, env) {
  const [command, argv] = pin
    ? ['taskset', ['-c', serverCore, process.execPath, ...args]]
    : [process.execPath, args];
  return spawn(command, argv, {
    cwd,
    env: { ...process.env, SHUTDOWN_DRAIN_MS: '0', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
