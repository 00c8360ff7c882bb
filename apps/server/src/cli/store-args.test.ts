import { describe, expect, it } from 'vitest';
import { parseStoreArgs } from './store-args';

describe('store CLI arguments', () => {
  it('reads ship with a tracking number in either form', () => {
    expect(parseStoreArgs(['order', 'AB12', 'ship', '--tracking', 'DTDC1'])).toEqual({
      ok: true,
      command: { orderId: 'AB12', action: 'ship', trackingNumber: 'DTDC1' },
    });
    expect(parseStoreArgs(['order', 'AB12', 'ship', '--tracking=DTDC1'])).toEqual({
      ok: true,
      command: { orderId: 'AB12', action: 'ship', trackingNumber: 'DTDC1' },
    });
  });
  it('reads deliver and cancel', () => {
    expect(parseStoreArgs(['order', 'AB12', 'deliver'])).toEqual({
      ok: true,
      command: { orderId: 'AB12', action: 'deliver' },
    });
    expect(parseStoreArgs(['order', 'AB12', 'cancel'])).toEqual({
      ok: true,
      command: { orderId: 'AB12', action: 'cancel' },
    });
  });
  it('refuses incomplete or unknown commands', () => {
    expect(parseStoreArgs(['order', 'AB12', 'ship']).ok).toBe(false);
    expect(parseStoreArgs(['order', 'AB12', 'pay']).ok).toBe(false);
    expect(parseStoreArgs(['order', 'AB12', 'cancel', '--tracking', 'X']).ok).toBe(false);
    expect(parseStoreArgs(['orders']).ok).toBe(false);
    expect(parseStoreArgs(['--tracking']).ok).toBe(false);
  });
});
