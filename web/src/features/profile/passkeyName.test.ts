/**
 * The name a new passkey is offered under (ACC-PASSKEYS): browser and system from real
 * User-Agent strings, the most specific browser first (Edge and Opera also say Chrome), the word
 * between in the page's language, and null when nothing is recognised.
 */
import { describe, expect, it } from 'vitest';
import { passkeyName } from './passkeyName';

const UA = {
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  jsdom: 'Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom/29.0.0',
};

describe('passkeyName', () => {
  it('names the browser and the system', () => {
    expect(passkeyName(UA.chromeMac)).toBe('Chrome on macOS');
    expect(passkeyName(UA.edgeWindows)).toBe('Edge on Windows');
    expect(passkeyName(UA.safariIphone)).toBe('Safari on iOS');
    expect(passkeyName(UA.firefoxLinux)).toBe('Firefox on Linux');
    expect(passkeyName(UA.chromeAndroid)).toBe('Chrome on Android');
  });

  it('puts the page language’s word between, and answers null for an unknown agent', () => {
    expect(passkeyName(UA.chromeMac, 'на')).toBe('Chrome на macOS');
    expect(passkeyName(UA.jsdom)).toBeNull();
    expect(passkeyName('')).toBeNull();
  });
});
