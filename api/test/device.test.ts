import { describe, expect, it } from 'vitest';
import { approximateNetwork, deviceLabel, deviceOf } from '../src/platform/http/device.js';

describe('deviceLabel', () => {
  it('names the browser major version and the OS', () => {
    expect(deviceLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe(
      'Chrome 131 on macOS',
    );
    expect(
      deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari 17 on iOS');
  });
  it('answers null for nothing usable', () => {
    expect(deviceLabel('')).toBeNull();
    expect(deviceLabel(undefined)).toBeNull();
    expect(deviceLabel('curl/8.0')).toBeNull();
  });
});

describe('approximateNetwork', () => {
  it('keeps only the first octets', () => {
    expect(approximateNetwork('203.0.113.77')).toBe('203.0.113.x');
    expect(approximateNetwork('::ffff:198.51.100.4')).toBe('198.51.100.x');
    expect(approximateNetwork('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(approximateNetwork('not an address')).toBeNull();
  });
  it('reads a request', () => {
    expect(deviceOf({ headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' }, ip: '127.0.0.1' })).toEqual({
      label: 'Firefox 133 on Linux',
      network: '127.0.0.x',
    });
  });
});
