import { describe, expect, it } from 'vitest';
import { readTokenExpiry, tokenLifeLeft } from './jwt-expiry';

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function jwt(payload: unknown): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}

describe('reading the expiry of a short token', () => {
  it('reads exp (seconds) as milliseconds since the epoch', () => {
    const token = jwt({ sub: '10000000-0000-4000-8000-000000000001', role: 'admin', exp: 1_795_000_000 });
    expect(readTokenExpiry(token)).toBe(1_795_000_000_000);
    expect(tokenLifeLeft(token, 1_794_999_990_000)).toBe(10_000);
  });

  it('reads a payload written in base64url with its URL-safe characters, no padding and UTF-8 text', () => {
    // "?>" and "?" give "/" and "+" in plain base64.
    expect(base64Url('?>?~')).toMatch(/[-_]/);
    const token = jwt({ name: '?>?~ Crêperie à Brest', exp: 2_000_000_000 });
    expect(readTokenExpiry(token)).toBe(2_000_000_000_000);
  });

  it('answers null for what is not a JWT with a numeric exp', () => {
    expect(readTokenExpiry('')).toBeNull();
    expect(readTokenExpiry('an-opaque-long-life-token')).toBeNull();
    expect(readTokenExpiry('a.b')).toBeNull();
    expect(readTokenExpiry('header.***.signature')).toBeNull();
    expect(readTokenExpiry(`header.${base64Url('not json')}.signature`)).toBeNull();
    expect(readTokenExpiry(jwt([1, 2]))).toBeNull();
    expect(readTokenExpiry(jwt({ sub: 'x' }))).toBeNull();
    expect(readTokenExpiry(jwt({ exp: '1795000000' }))).toBeNull();
    expect(tokenLifeLeft('nope', 0)).toBeNull();
  });
});
