/** "Last active" of the Devices card (SESSION-DEVICES): relative words within a week, a date before, null within a minute. */
import { describe, expect, it } from 'vitest';
import { intlFor } from '../../test/renderWithRelay';
import { formatLastActive } from './relativeTime';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;

describe('formatLastActive', () => {
  it('is null within the last minute and for a time in the future (the card says "active now")', () => {
    const intl = intlFor('en');
    expect(formatLastActive(intl, before(59_000), NOW)).toBeNull();
    expect(formatLastActive(intl, before(-5 * MINUTE), NOW)).toBeNull();
  });

  it('answers minutes, hours and days in words within a week, then a date', () => {
    const intl = intlFor('en');
    expect(formatLastActive(intl, before(MINUTE), NOW)).toBe('1 minute ago');
    expect(formatLastActive(intl, before(59 * MINUTE), NOW)).toBe('59 minutes ago');
    expect(formatLastActive(intl, before(2 * 60 * MINUTE + 5), NOW)).toBe('2 hours ago');
    expect(formatLastActive(intl, before(26 * 60 * MINUTE), NOW)).toBe('yesterday');
    expect(formatLastActive(intl, before(6 * 24 * 60 * MINUTE), NOW)).toBe('6 days ago');
    expect(formatLastActive(intl, '2026-11-02T09:00:00.000Z', NOW)).toBe('Nov 2, 2026');
  });

  it('speaks Russian and Spanish', () => {
    expect(formatLastActive(intlFor('ru'), before(3 * 60 * MINUTE), NOW)).toBe('3 часа назад');
    expect(formatLastActive(intlFor('ru'), before(26 * 60 * MINUTE), NOW)).toBe('вчера');
    expect(formatLastActive(intlFor('es'), before(5 * MINUTE), NOW)).toBe('hace 5 minutos');
    expect(formatLastActive(intlFor('es'), before(26 * 60 * MINUTE), NOW)).toBe('ayer');
  });
});
