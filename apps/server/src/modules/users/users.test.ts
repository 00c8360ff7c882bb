import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  createTestApp,
  registerAndLogin,
  testJwtSecret,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { signOperatorToken } from '../../lib/operator-token';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await registerAndLogin(t.app, {
    email: 'Meera.Iyer@Example.in ',
    firstName: 'Meera',
    lastName: 'Iyer',
  });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object });

describe('POST /users/register', () => {
  it('stores the email trimmed and lower-cased and answers 201 without a token', async () => {
    const res = await post('/users/register', {
      email: '  New.Shopper@Example.IN',
      password: 'secret12',
      firstName: 'Ravi',
      lastName: 'Kumar',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      email: 'new.shopper@example.in',
      firstName: 'Ravi',
      lastName: 'Kumar',
    });
    expect(res.json().token).toBeUndefined();
  });

  it('answers 409 for a taken email, whatever its case', async () => {
    const res = await post('/users/register', {
      email: 'MEERA.IYER@example.in',
      password: 'secret12',
      firstName: 'Meera',
      lastName: 'Iyer',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/already exists/);
  });

  it.each([
    [
      { email: 'not-an-email', password: 'secret12', firstName: 'Ravi', lastName: 'Kumar' },
      'email',
    ],
    [{ email: 'a@b.in', password: '123', firstName: 'Ravi', lastName: 'Kumar' }, 'password'],
    [
      { email: 'a@b.in', password: 'x'.repeat(129), firstName: 'Ravi', lastName: 'Kumar' },
      'password',
    ],
    [{ email: 'a@b.in', password: 'secret12', firstName: 'R', lastName: 'Kumar' }, 'firstName'],
    [{ email: 'a@b.in', password: 'secret12', firstName: 'Ravi', lastName: ' K ' }, 'lastName'],
    [
      {
        email: 'a@b.in',
        password: 'secret12',
        firstName: 'Ravi',
        lastName: 'Kumar',
        isAdmin: true,
      },
      'isAdmin',
    ],
  ])('answers 400 with a fields map for %j', async (body, field) => {
    const res = await post('/users/register', body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
  });
});

describe('POST /users/authorize', () => {
  it('answers a token for the right password (email in any case)', async () => {
    const res = await post('/users/authorize', {
      email: 'MEERA.iyer@example.in',
      password: user.password,
      rememberMe: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toMatch(/^ey/);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await post('/users/authorize', { email: user.email, password: 'wrong-password' });
    const unknown = await post('/users/authorize', {
      email: 'nobody@example.in',
      password: 'wrong-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('answers 400 for a malformed body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authorize',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Malformed JSON body', code: 'malformed_json' });
  });
});

describe('GET /accountInfo', () => {
  it('answers the account for a valid token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/accountInfo',
      headers: authHeader(user.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: user.id,
      firstName: 'Meera',
      lastName: 'Iyer',
      email: 'meera.iyer@example.in',
    });
    expect(Date.parse(res.json().data.createdAt)).not.toBeNaN();
  });

  const claims = () => ({ email: user.email, store: 'kagaz-kalam' });
  it.each([
    ['no token', async () => undefined],
    ['garbage', async () => 'Bearer abc.def.ghi'],
    [
      'a forged signature',
      async () =>
        `Bearer ${await new SignJWT(claims())
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(user.id)
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('x'.repeat(40)))}`,
    ],
    [
      'an expired token',
      async () =>
        `Bearer ${await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setIssuedAt(1000).setExpirationTime(2000).sign(testJwtSecret)}`,
    ],
    [
      'a well-signed token whose subject is not a user id',
      async () =>
        `Bearer ${await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).setSubject('not-a-uuid').setExpirationTime('1h').sign(testJwtSecret)}`,
    ],
    ["the operator CLI's token", async () => `Bearer ${await signOperatorToken(testJwtSecret)}`],
    [
      "a shopper's claims in a token for the operator's audience",
      async () =>
        `Bearer ${await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setAudience('store-operator').setExpirationTime('1h').sign(testJwtSecret)}`,
    ],
    [
      'alg none',
      async () =>
        `Bearer ${new UnsecuredJWT(claims()).setSubject(user.id).setExpirationTime('1h').encode()}`,
    ],
  ])('answers 401 for %s', async (_name, header) => {
    const authorization = await header();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/accountInfo',
      headers: authorization ? { authorization } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(typeof res.json().error).toBe('string');
  });
});
