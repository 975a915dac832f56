/**
 * The analytics beacon (ANALYTICS-BEACON): sent only with `data-analytics="on"` and without DNT or
 * GPC, as text/plain JSON to /api/analytics/view; navigations send one per new pathname, never for
 * the first load or a query change.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEACON_URL, countSpeculativeLoad, sendPageView, trackNavigations } from './beacon';

type State = { location: { pathname: string; search: string }; navigation: { state: string } };

describe('analytics beacon', () => {
  const sendBeacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
  beforeEach(() => {
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: undefined, configurable: true });
    document.documentElement.dataset['analytics'] = 'on';
  });
  afterEach(() => {
    sendBeacon.mockClear();
    delete document.documentElement.dataset['analytics'];
  });

  it('sends the path and referrer as text/plain JSON', async () => {
    expect(sendPageView('/ru/order?ref=ANNA', 'https://example.org/')).toBe(true);
    const [url, blob] = sendBeacon.mock.calls[0]!;
    expect(url).toBe(BEACON_URL);
    expect((blob as Blob).type).toBe('text/plain;charset=utf-8');
    expect(JSON.parse(await (blob as Blob).text())).toEqual({ path: '/ru/order?ref=ANNA', referrer: 'https://example.org/' });
  });

  it('sends nothing without data-analytics="on", with DNT or with GPC', () => {
    delete document.documentElement.dataset['analytics'];
    expect(sendPageView('/faq')).toBe(false);
    document.documentElement.dataset['analytics'] = 'on';
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    expect(sendPageView('/faq')).toBe(false);
    Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    expect(sendPageView('/faq')).toBe(false);
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('counts a prerendered page when it is activated, and an ordinary load not at all', () => {
    countSpeculativeLoad();
    expect(sendBeacon).not.toHaveBeenCalled();
    Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
    countSpeculativeLoad();
    expect(sendBeacon).not.toHaveBeenCalled();
    document.dispatchEvent(new Event('prerenderingchange'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    Object.defineProperty(document, 'prerendering', { value: false, configurable: true });
  });

  it('counts client navigations to a new pathname only', async () => {
    let listener: ((s: State) => void) | null = null;
    const state: State = { location: { pathname: '/profile', search: '' }, navigation: { state: 'idle' } };
    trackNavigations({ state, subscribe: (l) => ((listener = l), () => {}) });
    const emit = (pathname: string, search = '', nav = 'idle') => listener!({ location: { pathname, search }, navigation: { state: nav } });
    emit('/profile', '?tab=1');
    emit('/faq', '', 'loading');
    expect(sendBeacon).not.toHaveBeenCalled();
    emit('/faq', '?ref=X');
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(JSON.parse(await (sendBeacon.mock.calls[0]![1] as Blob).text())).toEqual({ path: '/faq?ref=X' });
  });
});
