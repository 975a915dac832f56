import { describe, expect, it } from 'vitest';
import { localeFromPath, localizePath, stripLocale, switchLocalePath } from './locales';

describe('locale paths (SITE-LOCALES: en unprefixed, /ru, /es)', () => {
  it.each([
    ['/', 'en'],
    ['/faq', 'en'],
    ['/ru', 'ru'],
    ['/ru/', 'ru'],
    ['/ru/products/dom', 'ru'],
    ['/es/news/1', 'es'],
    ['/en/faq', 'en'],
    ['/rus', 'en'],
    ['/esp/x', 'en'],
  ])('localeFromPath(%s) is %s', (path, locale) => {
    expect(localeFromPath(path)).toBe(locale);
  });

  it.each([
    ['/', '/'],
    ['/faq', '/faq'],
    ['/ru', '/'],
    ['/ru/faq', '/faq'],
    ['/es/products/three-dv', '/products/three-dv'],
    ['/rus', '/rus'],
  ])('stripLocale(%s) is %s', (path, stripped) => {
    expect(stripLocale(path)).toBe(stripped);
  });

  it('localizes paths, home without a trailing slash', () => {
    expect(localizePath('/', 'en')).toBe('/');
    expect(localizePath('/', 'ru')).toBe('/ru');
    expect(localizePath('/profile', 'es')).toBe('/es/profile');
    expect(localizePath('/profile', 'en')).toBe('/profile');
  });

  it('switches the same page to another locale and keeps the query', () => {
    expect(switchLocalePath('/ru/faq?x=1', 'es')).toBe('/es/faq?x=1');
    expect(switchLocalePath('/es', 'en')).toBe('/');
    expect(switchLocalePath('/auth?mode=register', 'ru')).toBe('/ru/auth?mode=register');
  });
});
