import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../app';
import type { Database } from '../db/client';
import { serverRoot } from '../env';
import { buildTestApp, testJwtSecret } from './test-app';

const run = promisify(execFile);
const jwtEnv = { JWT_SECRET: new TextDecoder().decode(testJwtSecret) };

/**
 * `npm run store -- <args>` as a real process on an embedded data folder, with the tests' JWT key
 * (so it can sign operator tokens a test app accepts). Never throws: the exit code says.
 */
export async function runStoreCli(
  dataDir: string,
  args: string[],
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/store.ts', ...args],
      {
        cwd: serverRoot,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
          ...jwtEnv,
          ...extraEnv,
        },
        timeout: 90_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The app on an open data folder, as the tests build it (test-app.ts), minus the web build. */
export const operatorTestApp = (
  database: Database,
  extra: Partial<Omit<AppConfig, 'db'>> = {},
): Promise<FastifyInstance> => buildTestApp(database.db, extra);
