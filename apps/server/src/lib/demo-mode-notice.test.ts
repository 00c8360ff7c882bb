import { describe, expect, it } from 'vitest';
import { demoModeNotice, isLoopbackHost } from './demo-mode-notice';

const npmStart = { HOST: '0.0.0.0', PORT: 3000, sandboxGateway: true };

describe('the demo-mode notice at start-up', () => {
  it('tells a demo store reachable from the network what that exposes', () => {
    const notice = demoModeNotice(npmStart)!;
    expect(notice).toContain('DEMO MODE, reachable from other machines: listening on 0.0.0.0:3000');
    expect(notice).toContain('any shopper can mark their own order paid without any money');
    expect(notice).toContain('password-reset links are kept in the demo outbox');
    expect(notice).toContain('signed-in staff open from the back office');
    expect(notice).toContain('set HOST=127.0.0.1');
    expect(notice).toContain('NODE_ENV=production');
    expect(
      demoModeNotice({ ...npmStart, HOST: '192.168.1.20', NODE_ENV: 'development' }),
    ).toContain('listening on 192.168.1.20:3000');
    expect(demoModeNotice({ ...npmStart, HOST: '::' })).not.toBeNull();
  });

  it('names only what is on: no sandbox line without the gateway, no outbox line with SMTP', () => {
    const notice = demoModeNotice({
      ...npmStart,
      sandboxGateway: false,
      SMTP_URL: 'smtp://mail.example.in:587',
      UPI_VPA: 'shop@okaxis',
    })!;
    expect(notice).toContain('DEMO MODE');
    expect(notice).not.toContain('sandbox gateway');
    expect(notice).not.toContain('demo outbox');
    expect(notice).not.toContain('demo UPI ID');
  });

  it('says nothing in live mode or when only this computer can connect', () => {
    expect(demoModeNotice({ ...npmStart, NODE_ENV: 'production' })).toBeNull();
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.1.1', 'LOCALHOST'])
      expect(demoModeNotice({ ...npmStart, HOST }), HOST).toBeNull();
  });

  it('knows loopback from the rest', () => {
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('::')).toBe(false);
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
  });
});
