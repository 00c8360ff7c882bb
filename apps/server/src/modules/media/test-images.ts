/** Test helpers for uploads: pictures made with sharp, sent as the admin app sends them. */
import sharp from 'sharp';
import type { TestApp } from '../../test/test-app';

/**
 * A photo-like picture: soft shapes on a gradient with a little grain. (Pure noise would make AVIF
 * take seconds per upload; real photos are closer to this.)
 */
export function testPicture(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#c9a77c"/><stop offset="1" stop-color="#3b5a7a"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.5}" r="${Math.min(width, height) * 0.3}" fill="#e8d8b0"/>
    <rect x="${width * 0.6}" y="${height * 0.2}" width="${width * 0.3}" height="${height * 0.6}" fill="#7a2f2f"/>
  </svg>`;
  const grain = {
    create: {
      width,
      height,
      channels: 3 as const,
      background: '#808080',
      noise: { type: 'gaussian' as const, mean: 128, sigma: 12 },
    },
  };
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'soft-light' }])
    .flatten();
}

export const upload = (
  test: TestApp,
  body: Buffer | string,
  headers: Record<string, string>,
  contentType = 'image/jpeg',
) =>
  test.app.inject({
    method: 'POST',
    url: '/api/v1/admin/images',
    headers: { ...headers, 'content-type': contentType },
    payload: body,
  });
