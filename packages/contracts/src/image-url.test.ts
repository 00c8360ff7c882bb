import { describe, expect, it } from 'vitest';
import { IMAGE_URL_MESSAGE, imageUrlSchema, isImageUrl, optionalImageUrlSchema } from './image-url';

describe('isImageUrl', () => {
  it('takes http(s) URLs and paths on this site', () => {
    for (const url of [
      'https://cdn.example.in/a.webp',
      'HTTP://cdn.example.in/a.png?v=2',
      '/images/products/a.svg',
      '/media/0a1b/640.webp',
      '/',
    ])
      expect(isImageUrl(url), url).toBe(true);
  });

  it('refuses scripts, other schemes, protocol-relative and relative addresses', () => {
    for (const url of [
      'javascript:alert(4)',
      'data:image/png;base64,AAAA',
      'ftp://example.in/a.png',
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      'images/a.png',
      'https://',
      'https://cdn.example.in/a b.png',
      '/images/a\tb.png',
      '',
    ])
      expect(isImageUrl(url), url).toBe(false);
  });
});

describe('the schemas', () => {
  it('trim, say what is wrong, and take "" only where an image is optional', () => {
    expect(imageUrlSchema.parse('  /images/a.svg ')).toBe('/images/a.svg');
    expect(imageUrlSchema.safeParse('javascript:alert(4)').error?.issues[0]?.message).toBe(
      IMAGE_URL_MESSAGE,
    );
    expect(imageUrlSchema.safeParse('').success).toBe(false);
    expect(optionalImageUrlSchema.parse('')).toBe('');
    expect(optionalImageUrlSchema.safeParse('javascript:alert(4)').success).toBe(false);
  });
});
