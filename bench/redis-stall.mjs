// Issue 24: what a hung Redis (the connection stays up, nothing answers) costs a sign-in. Starts
// its own redis-server on a free port (never the shared one), a store using it for the sign-in
// limits (REDIS_URL), then times sign-ins with Redis answering and with it paused (SIGSTOP of the
// bench's own redis-server), and prints the medians.
//   node bench/redis-stall.mjs        (env: LOGINS=15 a round, ROUNDS=3; ABUSE_ROOT=/other/checkout)
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printRows, startAbuseStore } from './lib/abuse-store.mjs';
import { freePort } from './lib/store-server.mjs';

const root = process.env.ABUSE_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..');
// under every sign-in limit: one account signs in at most 20 times in 15 minutes
const logins = Math.min(18, Number(process.env.LOGINS ?? 15));
const rounds = Number(process.env.ROUNDS ?? 3);

const redisPort = await freePort();
const redis = spawn(
  'redis-server',
  ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', ''],
  {
    stdio: 'ignore',
  },
);
const redisExited = new Promise((resolve) => redis.once('exit', resolve));
await new Promise((resolve) => setTimeout(resolve, 300));
const store = await startAbuseStore(root, {
  name: 'redis-stall',
  env: { REDIS_URL: `redis://127.0.0.1:${redisPort}` },
});

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const ms = (x) => `${x.toFixed(1)} ms`;

/** `logins` sign-ins of a new shopper, each from an address of its own: their times in ms. */
async function timeLogins() {
  const { email, password } = await store.shopper();
  const times = [];
  for (let i = 0; i < logins; i++) {
    const started = performance.now();
    const res = await store.api('/api/v1/users/authorize', {
      method: 'POST',
      ip: store.freshIp(),
      body: { email, password },
    });
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${res.text}`);
  }
  return times;
}

try {
  await timeLogins(); // warm-up: argon2, the script loaded into Redis
  // rounds of each, alternated, so a busy machine's drift falls on both alike
  const answering = [];
  const hungFirst = [];
  const hung = [];
  for (let round = 0; round < rounds; round++) {
    answering.push(...(await timeLogins()));
    redis.kill('SIGSTOP');
    const times = await timeLogins();
    redis.kill('SIGCONT');
    hungFirst.push(times[0]);
    hung.push(...times.slice(1));
    // Redis is taken back after a background PING at most a second after it answers again
    await new Promise((resolve) => setTimeout(resolve, 1200));
  }
  if (process.env.VERBOSE) console.log({ answering, hungFirst, hung });
  printRows([
    [`sign-in, Redis answering (median of ${answering.length})`, ms(median(answering))],
    [`sign-in, Redis just hung: the first (median of ${rounds})`, ms(median(hungFirst))],
    [`sign-in, Redis hung: the others (median of ${hung.length})`, ms(median(hung))],
    [
      'extra cost of the first, over answering (medians)',
      ms(median(hungFirst) - median(answering)),
    ],
    ['extra cost of the others, over answering (medians)', ms(median(hung) - median(answering))],
  ]);
} finally {
  redis.kill('SIGCONT');
  await store.stop();
  redis.kill('SIGTERM');
  await redisExited;
}
