import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';

// Settings that the web client receives through the page data (api/src/ssr): where to open the
// GraphQL WebSocket and how often to look for a new build.
const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'studio-config-')), JWT_SECRET: 'x'.repeat(40) });

describe('live-update and build-poll settings', () => {
  it('defaults to the built-in WebSocket endpoint and a 10-minute poll', () => {
    const config = loadConfig(base());
    expect(config.publicWsUrl).toBe('/api/graphql');
    expect(config.buildPollIntervalMs).toBe(600_000);
  });

  it('turns subscriptions off with PUBLIC_WS_URL=off and takes another endpoint as given', () => {
    expect(loadConfig({ ...base(), PUBLIC_WS_URL: 'off' }).publicWsUrl).toBeNull();
    expect(loadConfig({ ...base(), PUBLIC_WS_URL: 'wss://live.example.com/graphql' }).publicWsUrl).toBe('wss://live.example.com/graphql');
  });

  it('refuses a poll interval under a second with a clear message', () => {
    expect(() => loadConfig({ ...base(), BUILD_POLL_INTERVAL_MS: '10' })).toThrow(/BUILD_POLL_INTERVAL_MS/);
  });
});

describe('ALLOWED_ORIGINS (SEC-TRANSPORT)', () => {
  it('is empty by default and takes exact http(s) origins, trimmed', () => {
    expect(loadConfig(base()).allowedOrigins).toEqual([]);
    expect(loadConfig({ ...base(), ALLOWED_ORIGINS: ' https://app.example , http://localhost:5173/ ' }).allowedOrigins).toEqual([
      'https://app.example',
      'http://localhost:5173',
    ]);
  });

  it('refuses a path, a wildcard, null and another scheme, naming the setting', () => {
    for (const value of ['https://app.example/path', '*', 'null', 'ftp://files.example']) {
      expect(() => loadConfig({ ...base(), ALLOWED_ORIGINS: value }), value).toThrow(/ALLOWED_ORIGINS/);
    }
  });
});

describe('PAGE_CACHE_MAX_AGE_SECONDS (SITE-CACHE, decision 0042)', () => {
  it('is 300 s by default and takes whole seconds from 1 to a day', () => {
    expect(loadConfig(base()).pageCacheMaxAgeSeconds).toBe(300);
    expect(loadConfig({ ...base(), PAGE_CACHE_MAX_AGE_SECONDS: '60' }).pageCacheMaxAgeSeconds).toBe(60);
  });

  it('refuses 0, a fraction, more than a day and words, naming the setting', () => {
    for (const value of ['0', '1.5', '86401', 'forever']) {
      expect(() => loadConfig({ ...base(), PAGE_CACHE_MAX_AGE_SECONDS: value }), value).toThrow(/PAGE_CACHE_MAX_AGE_SECONDS/);
    }
  });
});
