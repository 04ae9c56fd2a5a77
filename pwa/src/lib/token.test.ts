import { describe, expect, it } from 'vitest';
import { isUsableToken, readCookie, tokenCookie } from './token';

describe('isUsableToken', () => {
  it('refuses empty, "undefined" and "null" tokens', () => {
    for (const value of [null, undefined, '', '   ', 'undefined', 'null']) expect(isUsableToken(value)).toBe(false);
  });
  it('accepts a real token', () => {
    expect(isUsableToken('a1b2c3')).toBe(true);
  });
});

describe('readCookie', () => {
  it('finds the named cookie and decodes it', () => {
    expect(readCookie('i18next=fr; auth_token=abc%3D%3D; other=1', 'auth_token')).toBe('abc==');
  });
  it('does not match a cookie whose name only ends with the name', () => {
    expect(readCookie('old_auth_token=x', 'auth_token')).toBeNull();
  });
  it('answers null when absent', () => {
    expect(readCookie('', 'auth_token')).toBeNull();
  });
});

describe('tokenCookie', () => {
  it('keeps the token 30 days on path / with SameSite=Lax', () => {
    const cookie = tokenCookie('abc', { secure: false });
    expect(cookie).toMatch(/^auth_token=abc; Max-Age=2592000; Expires=.+; Path=\/; SameSite=Lax$/);
  });
  it('adds Secure on https', () => {
    expect(tokenCookie('abc', { secure: true }).endsWith('; Secure')).toBe(true);
  });
  it('expires the cookie when clearing', () => {
    expect(tokenCookie('', { secure: false, maxAgeSeconds: 0 })).toContain('Max-Age=0');
  });
});
