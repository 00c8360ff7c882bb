import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@store/contracts/common';
import {
  FORGOT_PASSWORD_MESSAGE,
  INVALID_RESET_TOKEN,
  PASSWORD_RESET_MINUTES,
} from '@store/contracts/users';
import { emailOutbox, passwordResets } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { authLimits } from '../../plugins/rate-limit';
import {
  authHeader,
  createTestApp,
  registerAndLogin,
  testJwtSecret,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
/** Times the mail job was woken (app.emailQueued) */
let mailerWoken = 0;
beforeAll(async () => {
  t = await createTestApp({ onEmailQueued: () => mailerWoken++ });
});
afterAll(() => t.close());

// Each test asks from its own address so the per-address limit belongs to the limit test alone.
let addressCounter = 0;
const freshAddress = () => `198.51.100.${++addressCounter}`;

const forgot = (email: string, remoteAddress = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/forgot-password',
    remoteAddress,
    payload: { email },
  });

const reset = (payload: object, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/reset-password', remoteAddress, payload });

const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/authorize',
    remoteAddress: freshAddress(),
    payload: { email, password },
  });

const accountInfo = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/accountInfo', headers: authHeader(token) });

const outboxFor = (to: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, 'password_reset')))
    .orderBy(asc(emailOutbox.createdAt));

/** The reset e-mails queued for `to`, once there are `count` (the route answers before it writes). */
async function resetEmails(to: string, count = 1) {
  return vi.waitFor(
    async () => {
      const rows = await outboxFor(to);
      if (rows.length < count) throw new Error(`${rows.length} of ${count} reset e-mails queued`);
      return rows;
    },
    { timeout: 5000, interval: 20 },
  );
}

/** Asks for a link and answers the token the e-mail carries. */
async function linkToken(email: string, count = 1): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(202);
  const rows = await resetEmails(email, count);
  return rows[count - 1]!.data.token as string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('POST /users/forgot-password', () => {
  it('answers an unknown address exactly as a known one, and e-mails only the known one', async () => {
    const user = await registerAndLogin(t.app, { firstName: 'Kavya' });
    const unknown = `nobody.${user.email}`;
    const wokenBefore = mailerWoken;

    const known = await forgot(user.email.toUpperCase());
    const other = await forgot(unknown);
    expect(known.statusCode).toBe(202);
    expect(other.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(other.body).toBe(known.body);
    expect(other.headers['content-type']).toBe(known.headers['content-type']);

    const [mail] = await resetEmails(user.email);
    const token = mail!.data.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail!.data.firstName).toBe('Kavya');

    const stored = await t.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(mail!.dedupeKey).toBe(`reset:${stored[0]!.id}`);
    // only the hash is kept: the table alone does not open the account
    expect(stored[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const minutesLeft = (stored[0]!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(PASSWORD_RESET_MINUTES - 1);
    expect(minutesLeft).toBeLessThanOrEqual(PASSWORD_RESET_MINUTES);

    // the known address's request came second and is done: the unknown one queued nothing
    expect(await outboxFor(unknown)).toEqual([]);
    // the mail job is woken once the e-mail is committed, not at its next poll
    await vi.waitFor(() => expect(mailerWoken).toBe(wokenBefore + 1));
  });

  it('refuses a malformed address with the login form message', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: messages.invalidEmail });
  });

  it('limits one address per e-mail and per client address, the same for unknown ones', async () => {
    const user = await registerAndLogin(t.app);
    for (let i = 0; i < authLimits.passwordResetPerEmail.max; i++) {
      expect((await forgot(user.email)).statusCode).toBe(202);
    }
    const blocked = await forgot(user.email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/^Too many attempts\. Please wait \d+ minutes? and/);
    await resetEmails(user.email, authLimits.passwordResetPerEmail.max);

    const address = '203.0.113.90';
    for (let i = 0; i < authLimits.passwordResetPerAddress.max; i++) {
      expect((await forgot(`sprayed-${i}@example.in`, address)).statusCode).toBe(202);
    }
    const sprayed = await forgot('sprayed-last@example.in', address);
    expect(sprayed.statusCode).toBe(429);
    expect(Number(sprayed.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /users/reset-password', () => {
  it('sets the new password once: the new one logs in, the old one and the used link do not', async () => {
    const user = await registerAndLogin(t.app);
    const token = await linkToken(user.email);

    const res = await reset({ token, password: 'new-secret-7', confirmPassword: 'new-secret-7' });
    expect(res.statusCode).toBe(200);
    expect((await login(user.email, 'new-secret-7')).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);

    const again = await reset({ token, password: 'another-secret-8' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: INVALID_RESET_TOKEN, code: 'bad_request' });
    expect((await login(user.email, 'new-secret-7')).statusCode).toBe(200);
  });

  it('refuses an expired link and an unknown one', async () => {
    const user = await registerAndLogin(t.app);
    const token = await linkToken(user.email);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, sha256(token)));

    const expired = await reset({ token, password: 'new-secret-7' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ error: INVALID_RESET_TOKEN, code: 'bad_request' });
    const unknown = await reset({ token: `${token.slice(0, -1)}x`, password: 'new-secret-7' });
    expect(unknown.json()).toEqual({ error: INVALID_RESET_TOKEN, code: 'bad_request' });
    // the hash itself, as a leaked table would give it, is no token either
    expect((await reset({ token: sha256(token), password: 'new-secret-7' })).statusCode).toBe(400);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous submits of a link through', async () => {
    const user = await registerAndLogin(t.app);
    const token = await linkToken(user.email);
    const answers = await Promise.all([
      reset({ token, password: 'first-secret-1' }),
      reset({ token, password: 'second-secret-2' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? 'first-secret-1' : 'second-secret-2';
    const loser = winner === 'first-secret-1' ? 'second-secret-2' : 'first-secret-1';
    expect((await login(user.email, winner)).statusCode).toBe(200);
    expect((await login(user.email, loser)).statusCode).toBe(401);
  });

  it('ends the other open links of the account', async () => {
    const user = await registerAndLogin(t.app);
    const first = await linkToken(user.email, 1);
    const second = await linkToken(user.email, 2);
    expect((await reset({ token: second, password: 'new-secret-7' })).statusCode).toBe(200);
    expect((await reset({ token: first, password: 'other-secret-8' })).json()).toEqual({
      error: INVALID_RESET_TOKEN,
      code: 'bad_request',
    });
  });

  it("applies registration's password rules and messages, leaving the link usable", async () => {
    const user = await registerAndLogin(t.app);
    const token = await linkToken(user.email);

    const short = await reset({ token, password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ password: messages.passwordMin });
    const long = await reset({ token, password: 'x'.repeat(129) });
    expect(long.json().fields).toEqual({ password: messages.passwordMax });
    const mismatch = await reset({
      token,
      password: 'new-secret-7',
      confirmPassword: 'new-secret',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields).toEqual({ confirmPassword: messages.passwordsMismatch });

    expect((await reset({ token, password: 'new-secret-7' })).statusCode).toBe(200);
  });

  it('ends every session opened before the reset; a login after it works', async () => {
    const user = await registerAndLogin(t.app);
    // a session from a minute ago, signed before sessions carried milliseconds (iat only)
    const old = await new SignJWT({ email: user.email, store: DEFAULT_STORE_ID })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 60)
      .setExpirationTime('30d')
      .sign(testJwtSecret);
    expect((await accountInfo(old)).statusCode).toBe(200);

    const token = await linkToken(user.email);
    expect((await reset({ token, password: 'new-secret-7' })).statusCode).toBe(200);

    const refused = await accountInfo(old);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatch(/Please log in/);
    const fresh = await login(user.email, 'new-secret-7');
    expect(fresh.statusCode).toBe(200);
    expect((await accountInfo(fresh.json().token as string)).statusCode).toBe(200);
  });

  it('ends a session signed in the same second as the reset, just before it', async () => {
    const user = await registerAndLogin(t.app);
    const token = await linkToken(user.email);
    // the login and the reset follow each other within milliseconds: the older session still ends
    const before = await login(user.email, user.password);
    expect(before.statusCode).toBe(200);
    expect((await reset({ token, password: 'new-secret-7' })).statusCode).toBe(200);
    expect((await accountInfo(before.json().token as string)).statusCode).toBe(401);
    const after = await login(user.email, 'new-secret-7');
    expect((await accountInfo(after.json().token as string)).statusCode).toBe(200);
  });
});
