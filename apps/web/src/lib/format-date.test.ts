import { describe, expect, it } from 'vitest';
import { formatLongDate } from './format-date';

describe('formatLongDate', () => {
  it('formats en-IN long dates and refuses missing or bad input', () => {
    expect(formatLongDate('2025-03-05T10:00:00.000Z')).toBe('5 March 2025');
    expect(formatLongDate(undefined)).toBeUndefined();
    expect(formatLongDate('soon')).toBeUndefined();
  });
});
