#!/usr/bin/env node
// `npm run dev`: the API (tsx watch, on PORT, default 3000) and the storefront (Vite, on WEB_PORT,
// default 5173), whose proxy sends /api, /images and /sandbox-gateway to that PORT
// (apps/web/vite.config.ts). Each runs in its own process group, so one signal reaches npm, tsx and
// the server or Vite beneath it: Ctrl-C, SIGTERM, or either one exiting stops both. (With
// `a & b` the backgrounded server ignored Ctrl-C and was left running.)
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function port(name, fallback) {
  const text = process.env[name]?.trim() || String(fallback);
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 65535) {
    console.error(`${name} must be a port number from 1 to 65535, not ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return String(value);
}

const apiPort = port('PORT', 3000);
const webPort = port('WEB_PORT', 5173);

/** Starts an npm script as the leader of a new process group. */
function start(name, args, stdin) {
  const child = spawn('npm', args, {
    cwd: root,
    // PORT is the API's for both: the server listens on it, Vite's proxy points at it
    env: { ...process.env, PORT: apiPort },
    stdio: [stdin, 'inherit', 'inherit'],
    detached: true,
  });
  child.name = name;
  child.on('error', (err) => {
    console.error(`[dev] could not start the ${name}: ${err.message}`);
    void stopAll(1);
  });
  child.on('exit', (code, signal) => {
    if (!stopping)
      console.error(`[dev] the ${name} exited (${signal ?? `code ${code}`}); stopping`);
    void stopAll(code ?? 1);
  });
  return child;
}

/** True while any process of the group is alive. */
function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

let stopping = false;
/** SIGTERM to both groups (the server closes its database), SIGKILL to what is left after 10 s. */
async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  const pids = children.map((c) => c.pid).filter((pid) => pid !== undefined);
  for (const pid of pids) signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (pids.some(groupAlive) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const pid of pids.filter(groupAlive)) {
    console.error(`[dev] process group ${pid} did not stop in 10 s: killing it`);
    signalGroup(pid, 'SIGKILL');
  }
  process.exit(exitCode);
}

console.log(`[dev] API on http://localhost:${apiPort}, storefront on http://localhost:${webPort}`);
const children = [
  start('API server', ['run', 'dev', '-w', 'apps/server'], 'ignore'),
  start(
    'web dev server',
    ['run', 'dev', '-w', 'apps/web', '--', '--port', webPort, '--strictPort'],
    'inherit',
  ),
];
process.on('SIGINT', () => void stopAll(130));
process.on('SIGTERM', () => void stopAll(143));
process.on('SIGHUP', () => void stopAll(129));
