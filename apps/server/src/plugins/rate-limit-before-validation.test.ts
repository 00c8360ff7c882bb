import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authLimits } from './rate-limit';
import { createTestApp, type TestApp } from '../test/test-app';

// The sign-in and reset limits run before the body is validated: an attacker's invalid bodies
// count like any other attempt, and cost the server no validation once the limit is reached.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const overlongEmail = (i: number) => `a${i}@` + '.'.repeat(5_000) + '@';

describe.each([
  ['/api/v1/users/authorize', authLimits.login.max, { password: 'whatever1' }],
  ['/api/v1/admin/session', authLimits.login.max, { password: 'whatever1' }],
  ['/api/v1/users/forgot-password', authLimits.passwordResetPerEmail.max, {}],
])('POST %s with invalid bodies', (url, max, rest) => {
  it('is refused with 429 once the limit is used up (invalid bodies answered 400 for ever)', async () => {
    const remoteAddress = `192.0.2.${url.length}`;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      // a different overlong email each time: all count under one key, which never grows
      const res = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress,
        payload: { email: overlongEmail(i), ...rest },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(400));
    expect(statuses[max]).toBe(429);
  });

  it('reads a body that is not an object without failing', async () => {
    for (const payload of ['[1,2]', '"text"', '{"email":{"nested":1}}', '{"email":null}']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: '198.51.100.7',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});
