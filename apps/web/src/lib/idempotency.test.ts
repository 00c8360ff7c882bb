import { describe, expect, it } from 'vitest';
import { IdempotencyKeys, newIdempotencyKey } from './idempotency';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency keys', () => {
  it('the same body keeps its key; another body or a finished attempt gets a new one', () => {
    const keys = new IdempotencyKeys();
    const first = keys.keyFor({ products: { p1: 2 } });
    expect(first).toMatch(uuid);
    expect(keys.keyFor({ products: { p1: 2 } })).toBe(first);
    const changed = keys.keyFor({ products: { p1: 1 } });
    expect(changed).not.toBe(first);
    keys.done();
    expect(keys.keyFor({ products: { p1: 1 } })).not.toBe(changed);
  });

  it('makes a v4 UUID without crypto.randomUUID too (plain http outside localhost)', () => {
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(newIdempotencyKey()).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
