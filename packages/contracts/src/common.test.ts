import { describe, expect, it } from 'vitest';
import { emailPattern } from './common';
import { emailSchema } from './users';

/** The spec's wording spelled as directly as possible: the meaning the linear pattern must keep. */
const specEmail = (text: string) => {
  const at = text.indexOf('@');
  if (at < 1 || /[\s]/.test(text) || text.indexOf('@', at + 1) !== -1) return false;
  const domain = text.slice(at + 1);
  // some dot with text on both sides of it
  for (let i = 1; i < domain.length - 1; i++) if (domain[i] === '.') return true;
  return false;
};

/** Every string of `alphabet` up to `max` characters. */
function* strings(alphabet: string[], max: number): Generator<string> {
  let level = [''];
  for (let n = 0; n <= max; n++) {
    yield* level;
    level = level.flatMap((s) => alphabet.map((c) => s + c));
  }
}

const elapsedMs = (fn: () => void) => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};

describe('emailPattern', () => {
  it('accepts exactly what the spec says (non-space text, @, text, dot, text)', () => {
    let checked = 0;
    for (const text of strings(['a', '.', '@', ' '], 7)) {
      expect(emailPattern.test(text), JSON.stringify(text)).toBe(specEmail(text));
      checked++;
    }
    expect(checked).toBeGreaterThan(20_000);
    for (const ok of ['a@b.c', 'a.b@c.d.e', 'x@.a.b', 'x@a..b', 'x@...', 'ñ@ü.in'])
      expect(emailPattern.test(ok), ok).toBe(true);
    for (const bad of ['a@b.', 'a@.b', 'a@b', '@b.c', 'a@b.c@d', 'a b@c.d', 'a@b.\tc'])
      expect(emailPattern.test(bad), bad).toBe(false);
  });

  it('refuses the freezing inputs in linear time', () => {
    // "a@" + 60,000 dots + "@" took 6 s with the backtracking spelling
    for (const text of [
      'a@' + '.'.repeat(60_000) + '@',
      'a@b' + '.'.repeat(60_000) + ' ',
      'a'.repeat(60_000) + '@',
      'a@' + 'a.'.repeat(30_000) + '@',
    ]) {
      expect(elapsedMs(() => emailPattern.test(text))).toBeLessThan(50);
    }
  });
});

describe('emailSchema', () => {
  it('refuses a megabyte of text by its length, without running the pattern on it', () => {
    const huge = 'a@' + '.'.repeat(1_000_000) + '@';
    let result: ReturnType<typeof emailSchema.safeParse> | undefined;
    expect(elapsedMs(() => (result = emailSchema.safeParse(huge)))).toBeLessThan(50);
    expect(result?.success).toBe(false);
    expect(result?.error?.issues).toHaveLength(1);
  });
});
