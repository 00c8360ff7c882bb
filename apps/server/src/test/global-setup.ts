import { env } from '../env';
import { dropSeededTemplates } from './test-app';

/**
 * The server project's global set-up: nothing to prepare (each test app makes its own database),
 * and at the end of the run the PostgreSQL templates the test apps were copied from are dropped.
 */
export default function setup(): () => Promise<void> {
  return async () => {
    if (env.TEST_DATABASE_URL) await dropSeededTemplates(env.TEST_DATABASE_URL);
  };
}
