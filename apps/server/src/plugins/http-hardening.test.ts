import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDataException, loggableError } from '../lib/pg-errors';
import { createTestApp, type TestApp } from '../test/test-app';
import { containsNul } from './http-hardening';

/** Sends raw bytes and returns everything the server wrote back before closing. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('malformed HTTP on a real socket', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers a broken request line with a 400 { error }', async () => {
    const answer = await rawRequest(port, 'GARBAGE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('{"error":"Malformed HTTP request","code":"bad_request"}');
  });

  it('answers oversized headers with a 431 { error }', async () => {
    const answer = await rawRequest(
      port,
      `GET /api/v1/storeInfo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain(
      '{"error":"The request headers are too large","code":"headers_too_large"}',
    );
  });
});

describe('containsNul', () => {
  it('finds a NUL in any key or value, however deep', () => {
    expect(containsNul({ a: ['x', { b: 'y\u0000' }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNul({ a: ['x', { b: 'y' }], n: 1, z: null })).toBe(false);
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(containsNul(deep)).toBe(true);
  });
});

describe('database errors in the log', () => {
  it('keep the driver message and code but never the query parameters', () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    const err = new Error(
      'Failed query: insert into "users" values ($1, $2)\nparams: asha@example.in,$argon2id$v=19$secret',
      { cause },
    );
    const logged = JSON.stringify(loggableError(err));
    expect(logged).not.toContain('asha@example.in');
    expect(logged).not.toContain('argon2id');
    expect(logged).toContain('invalid byte sequence');
    expect(logged).toContain('22021');
    expect(isDataException(err)).toBe(true);
    expect(isDataException(new Error('connection refused'))).toBe(false);
  });
});

describe('HSTS', () => {
  it('is sent only when the configured public origin is https', async () => {
    for (const [publicBaseUrl, sent] of [
      ['https://shop.example', true],
      ['http://shop.example', false],
      [undefined, false],
    ] as const) {
      const t = await createTestApp({ publicBaseUrl });
      try {
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/storeInfo' });
        expect('strict-transport-security' in res.headers, String(publicBaseUrl)).toBe(sent);
      } finally {
        await t.close();
      }
    }
  });
});
