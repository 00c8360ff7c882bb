import { spawn, type ChildProcess } from 'node:child_process';
import { serverRoot } from '../env';

export interface SourceServer {
  child: ChildProcess;
  /** everything it wrote to stdout and stderr so far */
  output(): string;
}

/**
 * The server from its TypeScript source as a real process (`node --import tsx src/server.ts`,
 * as `npm run dev` runs it), with `env` over the runner's environment but the documented
 * payment and storage defaults, not whatever the runner has set.
 */
export function spawnSourceServer(env: NodeJS.ProcessEnv): SourceServer {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['PAYMENT_METHODS', 'PAYU_KEY', 'PAYU_SALT', 'NODE_ENV', 'S3_BUCKET'])
    delete childEnv[k];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: { ...childEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout!.on('data', (d: Buffer) => chunks.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => chunks.push(d.toString()));
  return { child, output: () => chunks.join('') };
}
