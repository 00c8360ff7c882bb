import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPI_APP_WAIT_MS, watchAppHandOff } from './upi-app-hand-off';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('watchAppHandOff', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setVisibility('visible');
  });
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('tells when the page is still there once the wait is over (no UPI app opened)', () => {
    const onNoApp = vi.fn();
    watchAppHandOff(onNoApp);
    vi.advanceTimersByTime(UPI_APP_WAIT_MS - 1);
    expect(onNoApp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onNoApp).toHaveBeenCalledTimes(1);
    // waits between 1.5 and 2 s: long enough for an app to open, short enough to feel prompt
    expect(UPI_APP_WAIT_MS).toBeGreaterThanOrEqual(1500);
    expect(UPI_APP_WAIT_MS).toBeLessThanOrEqual(2000);
  });

  it('stays quiet when an app hid the page, even once the shopper is back', () => {
    const onNoApp = vi.fn();
    watchAppHandOff(onNoApp);
    vi.advanceTimersByTime(400);
    setVisibility('hidden');
    vi.advanceTimersByTime(400);
    setVisibility('visible');
    vi.advanceTimersByTime(UPI_APP_WAIT_MS);
    expect(onNoApp).not.toHaveBeenCalled();
  });

  it("stays quiet when the window lost focus (the system's app chooser)", () => {
    const onNoApp = vi.fn();
    watchAppHandOff(onNoApp);
    window.dispatchEvent(new Event('blur'));
    vi.advanceTimersByTime(UPI_APP_WAIT_MS * 2);
    expect(onNoApp).not.toHaveBeenCalled();
  });

  it('stays quiet once stopped (the page left the payment screen)', () => {
    const onNoApp = vi.fn();
    const stop = watchAppHandOff(onNoApp);
    stop();
    vi.advanceTimersByTime(UPI_APP_WAIT_MS * 2);
    expect(onNoApp).not.toHaveBeenCalled();
  });
});
