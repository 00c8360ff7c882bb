import { hash, verify } from '@node-rs/argon2';

// One password rule for shoppers and staff. OWASP password storage cheat sheet: argon2id,
// m = 19 MiB, t = 2, p = 1. Algorithm 2 is Algorithm.Argon2id (a const enum, not importable
// under verbatimModuleSyntax).
const argonOptions = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, argonOptions);

// Verified against when the e-mail is unknown, so both failures take the same time.
let dummyHash: Promise<string> | null = null;

/** Whether `password` matches `stored`; an unknown account (null) costs the same and fails. */
export async function passwordMatches(stored: string | null | undefined, password: string) {
  const against = stored ?? (await (dummyHash ??= hashPassword('not-a-real-password')));
  const ok = await verify(against, password).catch(() => false);
  return Boolean(stored) && ok;
}
