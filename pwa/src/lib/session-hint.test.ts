import { describe, expect, it } from 'vitest';
import { createSessionHint, LEGACY_TOKEN_KEY, SESSION_HINT_KEY, type HintStorage } from './session-hint';

function memory(initial: Record<string, string> = {}): HintStorage & { items: Record<string, string> } {
  return {
    items: { ...initial },
    getItem(key) {
      return this.items[key] ?? null;
    },
    setItem(key, value) {
      this.items[key] = value;
    },
    removeItem(key) {
      delete this.items[key];
    },
  };
}

describe('the session hint', () => {
  it('is a flag, never the token, and is cleared with any token the old PWA left', () => {
    const storage = memory();
    const hint = createSessionHint(() => storage);
    expect(hint.present()).toBe(false);
    hint.set();
    expect(storage.items).toEqual({ [SESSION_HINT_KEY]: '1' });
    expect(hint.present()).toBe(true);
    storage.items[LEGACY_TOKEN_KEY] = 'old-token';
    hint.clear();
    expect(storage.items).toEqual({});
  });

  it('takes a token the old PWA stored as a hint once, and removes the token', () => {
    const storage = memory({ [LEGACY_TOKEN_KEY]: 'abc123' });
    const hint = createSessionHint(() => storage);
    expect(hint.present()).toBe(true);
    expect(storage.items).toEqual({ [SESSION_HINT_KEY]: '1' });
    const junk = memory({ [LEGACY_TOKEN_KEY]: 'undefined' });
    expect(createSessionHint(() => junk).present()).toBe(false);
    expect(junk.items).toEqual({});
  });

  it('asks the server when there is no local storage at all', () => {
    expect(createSessionHint(() => null).present()).toBe(true);
  });
});
