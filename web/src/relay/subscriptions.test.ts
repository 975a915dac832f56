import { describe, expect, it } from 'vitest';
import { resolveWebSocketUrl } from './subscriptions';

describe('resolveWebSocketUrl', () => {
  it('takes a path relative to the page and switches http(s) to ws(s)', () => {
    expect(resolveWebSocketUrl('/api/graphql', new URL('http://localhost:3000/ru/profile'))).toBe('ws://localhost:3000/api/graphql');
    expect(resolveWebSocketUrl('/api/graphql', new URL('https://studio.example/profile'))).toBe('wss://studio.example/api/graphql');
  });

  it('keeps an absolute ws(s) endpoint as configured', () => {
    expect(resolveWebSocketUrl('wss://live.example.com/graphql', new URL('https://studio.example/'))).toBe('wss://live.example.com/graphql');
  });
});
