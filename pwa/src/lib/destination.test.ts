import { afterEach, describe, expect, it } from 'vitest';
import { authPagePath, clearDestination, destinationFrom, readDestination, safeDestination, saveDestination } from './destination';

describe('where a signed-out user meant to go', () => {
  it.each(['/subscribe?plan=premium', '/dashboard/automations/42#results', '/settings', '/dashboard/search?q=react%20dev'])(
    'keeps the same-site path %s',
    (path) => {
      expect(safeDestination(path)).toBe(path);
    },
  );

  it.each([
    ['another site without a scheme', '//evil.com'],
    ['another site, path-looking', '//evil.com/subscribe'],
    ['an absolute URL', 'https://evil.com/'],
    ['an absolute URL to this host', 'http://localhost/dashboard'],
    ['a script URL', 'javascript:alert(1)'],
    ['a backslash (browsers read it as a slash)', '/\\evil.com'],
    ['a backslash further in', '/dashboard\\..\\evil'],
    ['an encoded second slash is just a path, but a tab in the host is not', '/\t/evil.com'],
    ['a relative path', 'subscribe'],
    ['nothing', ''],
    ['a number', 42],
    ['a sign-in screen (it would loop)', '/login?next=/dashboard'],
    ['the sign-up screen', '/register'],
    ['the verification screen', '/verify-email'],
    ['a very long path', `/${'a'.repeat(2100)}`],
  ])('refuses %s', (_label, value) => {
    expect(safeDestination(value)).toBeNull();
  });

  it('reads ?next= from a query string, else nothing', () => {
    expect(destinationFrom('?next=%2Fsubscribe%3Fplan%3Dpremium')).toBe('/subscribe?plan=premium');
    expect(destinationFrom('?next=%2F%2Fevil.com')).toBeNull();
    expect(destinationFrom('')).toBeNull();
  });

  it('builds the sign-in and sign-up paths that carry it, and leaves the default out', () => {
    expect(authPagePath('/login', '/subscribe?plan=premium')).toBe('/login?next=%2Fsubscribe%3Fplan%3Dpremium');
    expect(authPagePath('/register', null)).toBe('/register');
    expect(authPagePath('/login', '/dashboard')).toBe('/login');
    expect(authPagePath('/login', '//evil.com')).toBe('/login');
  });
});

describe('the destination kept in this tab (through sign-up, onboarding and verification)', () => {
  const store = new Map<string, string>();
  Object.assign(globalThis, {
    sessionStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    },
  });
  afterEach(() => store.clear());

  it('saves a safe path, reads it back, and clears it', () => {
    saveDestination('/subscribe?plan=pro');
    expect(readDestination()).toBe('/subscribe?plan=pro');
    clearDestination();
    expect(readDestination()).toBeNull();
  });

  it('never saves or answers an unsafe one, even written by another script', () => {
    saveDestination('//evil.com');
    expect(readDestination()).toBeNull();
    store.set('bidpilot_destination', 'https://evil.com');
    expect(readDestination()).toBeNull();
  });
});
