import { spawn, type ChildProcess } from 'node:child_process';
import { serverRoot } from '../env';

/**
 * The store server as a real process, the way production starts it. Kept in one place because how
 * the server is started (TypeScript through tsx today, compiled code later) changes in one place.
 */
export interface ServerProcess {
  child: ChildProcess;
  /** everything it wrote to stdout and stderr so far */
  output(): string;
  /** its base URL once it listens (it logs the address), or an error with its output if it exited */
  listening: Promise<string>;
  /** its exit code (null: killed by a signal) */
  exited: Promise<number | null>;
}

/** Settings a test must not inherit from whoever runs it (a live store's payments, bucket, mode). */
const inherited = [
  'PAYMENT_METHODS',
  'PAYU_KEY',
  'PAYU_SALT',
  'NODE_ENV',
  'S3_BUCKET',
  'SEED_DEMO',
];

export function startServerProcess(env: NodeJS.ProcessEnv): ServerProcess {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', REDIS_URL: '' };
  for (const k of inherited) delete childEnv[k];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: { ...childEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  const output = () => chunks.join('');
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const listening = new Promise<string>((resolve, reject) => {
    const look = (d: Buffer) => {
      chunks.push(d.toString());
      const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output());
      if (found) resolve(found[1]!);
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    void exited.then((code) => reject(new Error(`server exited (${code}):\n${output()}`)));
  });
  // a test that fails before awaiting it must not also report an unhandled rejection
  listening.catch(() => {});
  return { child, output, listening, exited };
}
