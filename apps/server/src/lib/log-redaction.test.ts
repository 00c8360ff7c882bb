import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logSerializers, redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides reset tokens, order contacts and outbox tickets, keeps everything else', () => {
    expect(redactUrl('/reset-password?token=abcDEF_123-xyz')).toBe(
      '/reset-password?token=[redacted]',
    );
    expect(
      redactUrl('/api/v1/orders/KK123/documents/x.pdf?contactInfo=asha%40example.in&a=1'),
    ).toBe('/api/v1/orders/KK123/documents/x.pdf?contactInfo=[redacted]&a=1');
    expect(redactUrl('/x?Token=1&TOKEN=2&tokens=3')).toBe(
      '/x?Token=[redacted]&TOKEN=[redacted]&tokens=3',
    );
    expect(redactUrl('/demo/outbox?ticket=ot_abc')).toBe('/demo/outbox?ticket=[redacted]');
    expect(redactUrl('/products?page=2')).toBe('/products?page=2');
    expect(redactUrl('/products')).toBe('/products');
  });

  it('is what the request log says', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: logSerializers } });
    app.get('/reset-password', async () => 'ok');
    await app.inject({ method: 'GET', url: '/reset-password?token=secret-reset-token' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).not.toContain('secret-reset-token');
  });
});
