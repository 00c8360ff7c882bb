import { describe, expect, it } from 'vitest';
import { bearerToken, signToken, verifyToken } from './tokens';

const secret = new TextEncoder().encode('tokens-test-secret-tokens-test-secret');

describe('bearerToken', () => {
  it('reads the token of a Bearer header, in any case, and nothing else', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer   abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken('Bearer ')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});

describe('verifyToken', () => {
  it('keeps tokens with and without an audience apart', async () => {
    const session = await signToken(secret, { email: 'a@b.in' }, { subject: 'u1', lifetime: '1h' });
    const operator = await signToken(secret, { role: 'x' }, { audience: 'ops', lifetime: '1h' });
    expect(await verifyToken(secret, session)).toMatchObject({ sub: 'u1', email: 'a@b.in' });
    expect(await verifyToken(secret, session, 'ops')).toBeNull();
    expect(await verifyToken(secret, operator, 'ops')).toMatchObject({ aud: 'ops', role: 'x' });
    expect(await verifyToken(secret, operator)).toBeNull();
    expect(await verifyToken(secret, operator, 'other')).toBeNull();
  });
  it('refuses another key, an expired token and no token', async () => {
    const other = new TextEncoder().encode('another-secret-another-secret-another');
    expect(await verifyToken(secret, await signToken(other, {}, { lifetime: '1h' }))).toBeNull();
    expect(await verifyToken(secret, await signToken(secret, {}, { lifetime: '-1s' }))).toBeNull();
    expect(await verifyToken(secret, null)).toBeNull();
  });
});
