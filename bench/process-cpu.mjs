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
