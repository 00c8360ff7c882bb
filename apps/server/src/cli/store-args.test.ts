import { describe, expect, it } from 'vitest';
import { parseStoreArgs, rupeesToPaiseArg } from './store-args';

describe('store CLI arguments', () => {
  it('reads ship with a tracking number in either form', () => {
    expect(parseStoreArgs(['order', 'AB12', 'ship', '--tracking', 'DTDC1'])).toEqual({
      ok: true,
      command: { kind: 'transition', orderId: 'AB12', action: 'ship', trackingNumber: 'DTDC1' },
    });
    expect(parseStoreArgs(['order', 'AB12', 'ship', '--tracking=DTDC1'])).toEqual({
      ok: true,
      command: { kind: 'transition', orderId: 'AB12', action: 'ship', trackingNumber: 'DTDC1' },
    });
  });
  it('reads deliver and cancel', () => {
    expect(parseStoreArgs(['order', 'AB12', 'deliver'])).toEqual({
      ok: true,
      command: { kind: 'transition', orderId: 'AB12', action: 'deliver' },
    });
    expect(parseStoreArgs(['order', 'AB12', 'cancel'])).toEqual({
      ok: true,
      command: { kind: 'transition', orderId: 'AB12', action: 'cancel' },
    });
  });
  it('reads show', () => {
    expect(parseStoreArgs(['order', 'AB12', 'show'])).toEqual({
      ok: true,
      command: { kind: 'show', orderId: 'AB12' },
    });
  });
  it('reads orders: all statuses and the newest 50 by default', () => {
    expect(parseStoreArgs(['orders'])).toEqual({
      ok: true,
      command: { kind: 'list', query: { limit: 50 } },
    });
    expect(parseStoreArgs(['orders', '--status', 'processing', '--limit=500'])).toEqual({
      ok: true,
      command: { kind: 'list', query: { status: 'processing', limit: 500 } },
    });
    expect(parseStoreArgs(['--limit', '7', 'orders'])).toEqual({
      ok: true,
      command: { kind: 'list', query: { limit: 7 } },
    });
  });
  it('refuses a status that is not one', () => {
    expect(parseStoreArgs(['orders', '--status', 'paid'])).toEqual({
      ok: false,
      error: '--status: Expected one of pending, processing, shipped, delivered, cancelled',
    });
    expect(parseStoreArgs(['orders', '--status', 'Processing']).ok).toBe(false);
    expect(parseStoreArgs(['orders', '--status'])).toEqual({
      ok: false,
      error: '--status needs a value',
    });
  });
  it('refuses a limit outside 1 to 500 or not in plain digits', () => {
    for (const limit of ['0', '501', '-1', '1.5', '1e2', '0x10', ' 5', 'ten']) {
      expect(parseStoreArgs(['orders', `--limit=${limit}`])).toEqual({
        ok: false,
        error: '--limit: Expected a whole number from 1 to 500',
      });
    }
    expect(parseStoreArgs(['orders', '--limit', '--status', 'pending']).ok).toBe(false);
  });
  it('refuses incomplete, unknown or misplaced arguments', () => {
    expect(parseStoreArgs(['order', 'AB12', 'ship']).ok).toBe(false);
    expect(parseStoreArgs(['order', 'AB12', 'pay']).ok).toBe(false);
    expect(parseStoreArgs(['order', 'AB12', 'cancel', '--tracking', 'X']).ok).toBe(false);
    expect(parseStoreArgs(['order', 'AB12', 'show', '--tracking', 'X']).ok).toBe(false);
    expect(parseStoreArgs(['order', 'AB12', 'show', 'extra']).ok).toBe(false);
    expect(parseStoreArgs(['order', 'AB12', 'show', '--limit', '5']).ok).toBe(false);
    expect(parseStoreArgs(['orders', 'pending']).ok).toBe(false);
    expect(parseStoreArgs(['orders', '--tracking', 'X']).ok).toBe(false);
    expect(parseStoreArgs(['orders', '--sort', 'old'])).toEqual({
      ok: false,
      error: 'Unknown option: --sort',
    });
    expect(parseStoreArgs(['order']).ok).toBe(false);
    expect(parseStoreArgs([]).ok).toBe(false);
    expect(parseStoreArgs(['--tracking']).ok).toBe(false);
  });
  it('refuses an option given twice, an empty value and a dash value written apart', () => {
    expect(parseStoreArgs(['order', 'AB12', 'ship', '--tracking', 'A1', '--tracking=B2'])).toEqual({
      ok: false,
      error: '--tracking is given more than once',
    });
    expect(parseStoreArgs(['orders', '--status='])).toEqual({
      ok: false,
      error: '--status needs a value',
    });
    expect(parseStoreArgs(['orders', '--limit', '-1'])).toEqual({
      ok: false,
      error: '--limit -1: a value that starts with a dash is written --limit=-1',
    });
    expect(parseStoreArgs(['orders', '-x'])).toEqual({ ok: false, error: 'Unknown option: -x' });
  });
});

describe('refund commands', () => {
  it('reads refunds and refund <paymentId> --amount <rupees> --reference <text>', () => {
    expect(parseStoreArgs(['refunds'])).toEqual({ ok: true, command: { kind: 'refunds' } });
    expect(
      parseStoreArgs(['refund', 'PAYX', '--amount', '1083.5', '--reference', 'UTR 123']),
    ).toEqual({
      ok: true,
      command: { kind: 'refund', paymentId: 'PAYX', amountPaise: 108350, reference: 'UTR 123' },
    });
  });
  it('says what is missing or wrong', () => {
    expect(parseStoreArgs(['refund', 'PAYX', '--reference', 'r'])).toEqual({
      ok: false,
      error: 'refund needs --amount <rupees>',
    });
    expect(parseStoreArgs(['refund', 'PAYX', '--amount', '10'])).toMatchObject({
      ok: false,
      error: expect.stringContaining('--reference'),
    });
    expect(parseStoreArgs(['refund', 'PAYX', '--amount', '10.999', '--reference', 'r'])).toEqual({
      ok: false,
      error: '--amount 10.999: rupees, e.g. 1083 or 1083.50',
    });
    expect(parseStoreArgs(['orders', '--amount', '10'])).toEqual({
      ok: false,
      error: '--amount and --reference go with refund',
    });
    expect(parseStoreArgs(['refunds', 'extra'])).toEqual({
      ok: false,
      error: 'refunds takes no arguments',
    });
  });
  it('turns rupees into paise exactly', () => {
    expect(rupeesToPaiseArg('0.1')).toBe(10);
    expect(rupeesToPaiseArg('1234.05')).toBe(123405);
    expect(rupeesToPaiseArg('0')).toBeNull();
    expect(rupeesToPaiseArg('-5')).toBeNull();
    expect(rupeesToPaiseArg('1e3')).toBeNull();
  });
});

describe('staff commands', () => {
  it('reads staff add, list and disable as the spec writes them', () => {
    expect(
      parseStoreArgs([
        'staff',
        'add',
        '--email',
        'Owner@Example.com',
        '--password',
        'correct horse battery',
        '--role',
        'owner',
      ]),
    ).toEqual({
      ok: true,
      command: {
        kind: 'staff-add',
        email: 'owner@example.com',
        password: 'correct horse battery',
        role: 'owner',
      },
    });
    // without --password: asked on the terminal
    expect(parseStoreArgs(['staff', 'add', '--email', 'a@example.com', '--role', 'staff'])).toEqual(
      { ok: true, command: { kind: 'staff-add', email: 'a@example.com', role: 'staff' } },
    );
    expect(parseStoreArgs(['staff', 'list'])).toEqual({
      ok: true,
      command: { kind: 'staff-list' },
    });
    expect(parseStoreArgs(['staff', 'disable', '--email', 'a@example.com'])).toEqual({
      ok: true,
      command: { kind: 'staff-disable', email: 'a@example.com' },
    });
  });
  it('checks the password, e-mail and role with the API rules', () => {
    const add = (...extra: string[]) =>
      parseStoreArgs(['staff', 'add', '--email', 'a@example.com', '--role', 'staff', ...extra]);
    expect(add('--password', 'elevenchars')).toEqual({
      ok: false,
      error: '--password: Password must be at least 12 characters',
    });
    expect(parseStoreArgs(['staff', 'add', '--email', 'nope', '--role', 'staff'])).toMatchObject({
      ok: false,
      error: expect.stringContaining('--email nope'),
    });
    expect(parseStoreArgs(['staff', 'add', '--email', 'a@example.com', '--role', 'admin'])).toEqual(
      { ok: false, error: '--role admin: owner or staff' },
    );
    expect(parseStoreArgs(['staff', 'add', '--email', 'a@example.com'])).toEqual({
      ok: false,
      error: 'staff add needs --role owner|staff',
    });
    expect(parseStoreArgs(['staff', 'disable'])).toEqual({
      ok: false,
      error: 'staff disable needs --email <email>',
    });
  });
  it('refuses misplaced options and unknown verbs', () => {
    expect(parseStoreArgs(['staff', 'list', '--email', 'a@example.com'])).toEqual({
      ok: false,
      error: 'staff list takes no --email',
    });
    expect(
      parseStoreArgs(['staff', 'disable', '--email', 'a@example.com', '--role', 'owner']),
    ).toEqual({ ok: false, error: 'staff disable takes no --role' });
    expect(parseStoreArgs(['staff', 'list', '--limit', '3'])).toEqual({
      ok: false,
      error: 'staff takes no --limit',
    });
    expect(parseStoreArgs(['staff', 'remove']).ok).toBe(false);
    expect(parseStoreArgs(['staff']).ok).toBe(false);
    expect(parseStoreArgs(['orders', '--email', 'a@example.com'])).toEqual({
      ok: false,
      error: '--email goes with staff',
    });
  });
});

describe('ship --carrier', () => {
  it('takes a carrier from the list and checks the number against it', () => {
    expect(
      parseStoreArgs(['order', 'AB12', 'ship', '--tracking', '12345678', '--carrier', 'Blue Dart']),
    ).toEqual({
      ok: true,
      command: {
        kind: 'transition',
        orderId: 'AB12',
        action: 'ship',
        trackingNumber: '12345678',
        carrier: 'Blue Dart',
      },
    });
    expect(
      parseStoreArgs(['order', 'AB12', 'ship', '--tracking', 'ABC', '--carrier', 'Blue Dart']),
    ).toEqual({ ok: false, error: '--tracking ABC: Blue Dart waybills are 8 to 11 digits' });
    expect(
      parseStoreArgs(['order', 'AB12', 'ship', '--tracking', '12345678', '--carrier', 'FedEx']),
    ).toMatchObject({ ok: false, error: expect.stringContaining('--carrier FedEx: one of') });
    expect(parseStoreArgs(['order', 'AB12', 'ship', '--carrier', 'DTDC']).ok).toBe(false);
    expect(parseStoreArgs(['order', 'AB12', 'deliver', '--carrier', 'DTDC'])).toEqual({
      ok: false,
      error: '--carrier only goes with ship',
    });
    expect(parseStoreArgs(['orders', '--carrier', 'DTDC'])).toEqual({
      ok: false,
      error: '--carrier only goes with ship',
    });
  });
  it('reads backup and restore, with --force only there', () => {
    expect(parseStoreArgs(['backup', 'nightly.backup'])).toEqual({
      ok: true,
      command: { kind: 'backup', file: 'nightly.backup', force: false },
    });
    expect(parseStoreArgs(['restore', 'nightly.backup', '--force'])).toEqual({
      ok: true,
      command: { kind: 'restore', file: 'nightly.backup', force: true },
    });
    expect(parseStoreArgs(['backup'])).toEqual({
      ok: false,
      error: 'Expected: backup <file> [--force]',
    });
    expect(parseStoreArgs(['restore', 'a', 'b'])).toEqual({
      ok: false,
      error: 'Unexpected arguments: b',
    });
    expect(parseStoreArgs(['backup', 'a', '--limit', '3'])).toEqual({
      ok: false,
      error: 'backup takes no --limit',
    });
    expect(parseStoreArgs(['--force', 'backup', 'a', '--nope'])).toEqual({
      ok: false,
      error: 'Unknown option: --nope',
    });
    expect(parseStoreArgs(['restore', 'a', '--force=yes'])).toEqual({
      ok: false,
      error: '--force takes no value',
    });
    expect(parseStoreArgs(['orders', '--force'])).toEqual({
      ok: false,
      error: '--force goes with backup or restore',
    });
    expect(parseStoreArgs(['staff', 'list', '--force']).ok).toBe(false);
  });
});

describe('gst gstr1', () => {
  const now = new Date('2026-11-30T20:00:00Z'); // 1 December in India

  it('reads the month and the file, CSV for a .csv name', () => {
    expect(parseStoreArgs(['gst', 'gstr1', '--month', '2026-12', '--out', 'r.json'], now)).toEqual({
      ok: true,
      command: { kind: 'gstr1', month: '2026-12', out: 'r.json', format: 'json' },
    });
    expect(parseStoreArgs(['gst', 'gstr1', '--month=2026-04', '--out=r.CSV'], now)).toMatchObject({
      ok: true,
      command: { format: 'csv' },
    });
  });

  it('says what is missing or wrong', () => {
    const error = (args: string[]) => {
      const parsed = parseStoreArgs(args, now);
      return parsed.ok ? null : parsed.error;
    };
    expect(error(['gst', 'gstr1', '--out', 'r.json'])).toBe('gst gstr1 needs --month <YYYY-MM>');
    expect(error(['gst', 'gstr1', '--month', '2026-12'])).toMatch(/^gst gstr1 needs --out <file>/);
    expect(error(['gst', 'gstr1', '--month', '12-2026', '--out', 'r'])).toBe(
      '--month 12-2026: Use a month like 2026-11',
    );
    expect(error(['gst', 'gstr1', '--month', '2027-01', '--out', 'r'])).toBe(
      '--month 2027-01: 2027-01 has not begun yet: choose 2026-12 or an earlier month',
    );
    expect(error(['gst', 'gstr3b', '--month', '2026-12', '--out', 'r'])).toMatch(
      /^Expected: gst gstr1/,
    );
    expect(error(['gst', 'gstr1', '--month', '2026-12', '--out', 'r', '--force'])).toBe(
      'gst takes no --force',
    );
    expect(error(['orders', '--month', '2026-12'])).toBe('--month and --out go with gst gstr1');
  });
});
