import { describe, expect, it } from 'vitest';
import { META_DESCRIPTION_MAX, clampDescription } from './meta';

describe('clampDescription', () => {
  it('keeps a description that fits', () => {
    expect(clampDescription('A short summary.')).toBe('A short summary.');
    const exact = 'x'.repeat(META_DESCRIPTION_MAX);
    expect(clampDescription(exact)).toBe(exact);
  });

  it('cuts a long one at a word boundary with an ellipsis, within the limit', () => {
    const long =
      'Третья версия ThinkSport позволяет тренеру составить план сразу для всей команды, подстроить его под каждого спортсмена и вовремя заметить, если нагрузка растёт слишком быстро.';
    const clamped = clampDescription(long);
    expect(clamped.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(clamped.endsWith('…')).toBe(true);
    expect(long.startsWith(clamped.slice(0, -1))).toBe(true);
    expect(clamped).not.toMatch(/[ ,]…$/);
  });

  it('collapses whitespace and cuts a text without spaces hard', () => {
    expect(clampDescription('  two   words \n')).toBe('two words');
    expect(clampDescription('y'.repeat(400))).toHaveLength(META_DESCRIPTION_MAX);
  });
});
