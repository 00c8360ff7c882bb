import { describe, expect, it } from 'vitest';
import { encodeInTurn } from './images.service';

describe('encodeInTurn', () => {
  it('runs at most two encodes at once across uploads, keeping each upload’s order', async () => {
    let running = 0;
    let most = 0;
    const job = (value: number, ms: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, ms));
      running -= 1;
      return value;
    };
    // two uploads at once, 8 and 4 encodes
    const [a, b] = await Promise.all([
      encodeInTurn([1, 2, 3, 4, 5, 6, 7, 8].map((v) => job(v, 5 + (v % 3)))),
      encodeInTurn([10, 20, 30, 40].map((v) => job(v, 3))),
    ]);
    expect(most).toBe(2);
    expect(a).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(b).toEqual([10, 20, 30, 40]);
  });

  it('frees its slot when an encode fails', async () => {
    await expect(
      encodeInTurn([
        () => Promise.reject(new Error('corrupt')),
        () => Promise.reject(new Error('corrupt')),
      ]),
    ).rejects.toThrow('corrupt');
    // both slots are free again: two more encodes run and finish
    await expect(encodeInTurn([async () => 1, async () => 2, async () => 3])).resolves.toEqual([
      1, 2, 3,
    ]);
  });
});
