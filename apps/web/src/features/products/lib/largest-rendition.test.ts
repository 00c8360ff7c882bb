import { describe, expect, it } from 'vitest';
import { largestRendition, widestCandidate } from './largest-rendition';

describe('largest rendition', () => {
  it('picks the widest candidate whatever the order', () => {
    expect(
      widestCandidate('/media/a/640.webp 640w, /media/a/1280.webp 1280w, /media/a/320.webp 320w'),
    ).toBe('/media/a/1280.webp');
    expect(widestCandidate('')).toBeUndefined();
  });

  it('keeps one URL per format, and nothing for an image without renditions', () => {
    expect(
      largestRendition({
        avif: '/m/1/320.avif 320w, /m/1/960.avif 960w',
        webp: '/m/1/320.webp 320w, /m/1/960.webp 960w',
      }),
    ).toEqual({ avif: '/m/1/960.avif', webp: '/m/1/960.webp' });
    expect(largestRendition(undefined)).toBeUndefined();
  });
});
