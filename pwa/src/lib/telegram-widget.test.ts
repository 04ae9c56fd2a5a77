import { describe, expect, it } from 'vitest';
import { telegramAnswerOf, telegramNameOf } from './telegram-widget';

describe("Telegram's login answer", () => {
  it('keeps the signed fields as received and refuses what is not a login', () => {
    const answer = { id: 42, first_name: 'Ada', username: 'ada_tg', auth_date: 1700000000, hash: 'ab12', extra: { nested: 1 } };
    expect(telegramAnswerOf(answer)).toEqual({ id: 42, first_name: 'Ada', username: 'ada_tg', auth_date: 1700000000, hash: 'ab12' });
    // The user closed Telegram's window, or refused.
    expect(telegramAnswerOf(false)).toBeNull();
    expect(telegramAnswerOf({ id: 42, first_name: 'Ada' })).toBeNull();
  });

  it('is named by its @username, else by its name, in the confirmation', () => {
    expect(telegramNameOf({ id: 1, username: 'ada_tg', first_name: 'Ada', auth_date: 1, hash: 'x' })).toBe('@ada_tg');
    expect(telegramNameOf({ id: 1, first_name: 'Ada', last_name: 'Lovelace', auth_date: 1, hash: 'x' })).toBe('Ada Lovelace');
  });
});
