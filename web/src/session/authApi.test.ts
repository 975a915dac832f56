// Retry-After of a rate-limited auth call (issue 6: the reset request shows how long to wait).
import { describe, expect, it } from 'vitest';
import { retryAfter } from './authApi';

describe('retryAfter', () => {
  it('reads seconds or an HTTP date, and nothing else', () => {
    expect(retryAfter('120')).toBe(120);
    expect(retryAfter('0')).toBe(0);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfter('Wed, 01 Jan 2025 00:01:30 GMT', now)).toBe(90);
    expect(retryAfter(null)).toBeNull();
    expect(retryAfter('soon')).toBeNull();
  });
});
