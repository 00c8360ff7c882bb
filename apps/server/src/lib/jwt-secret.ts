import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * JWT_SECRET when set; otherwise a random secret generated once and kept in `<dataDir>/jwt-secret`
 * (so tokens survive restarts); without a data folder (tests) a per-process random one.
 */
export function resolveJwtSecret(options: { secret?: string; dataDir?: string }): Uint8Array {
  if (options.secret) return new TextEncoder().encode(options.secret);
  if (!options.dataDir) return randomBytes(32);
  const file = join(options.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(options.dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
