import type { StoreInfo } from '@store/contracts/store';
import { describe, expect, it, vi } from 'vitest';
import { createStoreInfoStore } from './store-info-store';

const info = (storeName: string) => ({ storeName }) as StoreInfo;

describe('store info store', () => {
  it('loads once on start and notifies subscribers', async () => {
    const load = vi.fn().mockResolvedValue(info('Paper Trail'));
    const store = createStoreInfoStore({ load });
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.getState()).toEqual({ storeInfo: undefined, status: 'pending' });
    store.start();
    store.start();
    await vi.waitFor(() => expect(store.getState().status).toBe('success'));
    expect(store.getState().storeInfo).toEqual(info('Paper Trail'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    store.start();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('retries once, then reports the error; a refresh that fails keeps the last data', async () => {
    const load = vi.fn().mockRejectedValue(new Error('down'));
    const store = createStoreInfoStore({ load, retryDelayMs: 1 });
    store.start();
    await vi.waitFor(() => expect(store.getState().status).toBe('error'));
    expect(load).toHaveBeenCalledTimes(2);

    load.mockResolvedValueOnce(info('Paper Trail'));
    await expect(store.refresh()).resolves.toEqual(info('Paper Trail'));
    expect(store.getState()).toEqual({ storeInfo: info('Paper Trail'), status: 'success' });

    load.mockRejectedValue(new Error('down'));
    await expect(store.refresh()).resolves.toEqual(info('Paper Trail'));
    expect(store.getState()).toEqual({ storeInfo: info('Paper Trail'), status: 'error' });
  });

  it('stop cancels the load in flight without changing the state', async () => {
    let signal: AbortSignal | undefined;
    const load = vi.fn((s: AbortSignal) => {
      signal = s;
      return new Promise<StoreInfo>(() => {});
    });
    const store = createStoreInfoStore({ load });
    store.start();
    store.stop();
    expect(signal?.aborted).toBe(true);
    expect(store.getState().status).toBe('pending');
    store.start();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
