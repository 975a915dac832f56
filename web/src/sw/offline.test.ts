import { describe, expect, it } from 'vitest';
import { OFFLINE_URLS, offlineUrlFor } from './offline';

describe('offline pages (SITE-SW)', () => {
  it('are one per locale', () => {
    expect(OFFLINE_URLS).toEqual(['/offline', '/ru/offline', '/es/offline']);
  });

  it.each([
    ['/ru/products', '/ru/offline'],
    ['/ru', '/ru/offline'],
    ['/es/news/abc', '/es/offline'],
    ['/products', '/offline'],
    ['/', '/offline'],
    ['/rus/products', '/offline'],
    ['/en/faq', '/offline'],
  ])('a failed navigation to %s shows %s', (path, offline) => {
    expect(offlineUrlFor(path)).toBe(offline);
  });
});
