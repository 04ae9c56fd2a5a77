import { describe, expect, it } from 'vitest';
import { emailAddressProblem } from './email-address';

describe('an address as RFC 5321 has it (dot-atom local part, host name domain)', () => {
  it.each([
    'ada@gmail.com',
    'ada.lovelace@gmail.com',
    "o'brien+bids@gmail.com",
    "a!#$%&'*+/=?^_`{|}~-z@gmail.com",
    `${'a'.repeat(64)}@gmail.com`,
    'ada@mail-1.example.co.uk',
  ])('accepts %s', (address) => {
    expect(emailAddressProblem(address)).toBeNull();
  });

  it.each([
    ['<img/src=x/onerror=alert(1)>@gmail.com', 'localCharacters'],
    ['ada lovelace@gmail.com', 'localCharacters'],
    ['"ada"@gmail.com', 'localCharacters'],
    ['ada,b@gmail.com', 'localCharacters'],
    ['adä@gmail.com', 'localCharacters'],
    [`${'a'.repeat(65)}@gmail.com`, 'localTooLong'],
    // 64 characters but 65 octets: the limit is in octets.
    [`${'a'.repeat(63)}é@gmail.com`, 'localTooLong'],
    ['.ada@gmail.com', 'format'],
    ['ada.@gmail.com', 'format'],
    ['ada..lovelace@gmail.com', 'format'],
    ['@gmail.com', 'format'],
    ['ada@', 'format'],
    ['ada@gmail', 'format'],
    ['ada@@gmail.com', 'localCharacters'],
    ['ada@-gmail.com', 'format'],
    ['ada@gmail-.com', 'format'],
    ['ada@gmail..com', 'format'],
    ['ada@gm_ail.com', 'format'],
    [`ada@${'a'.repeat(64)}.com`, 'format'],
    ['ada@[127.0.0.1]', 'format'],
  ])('refuses %s (%s)', (address, problem) => {
    expect(emailAddressProblem(address)).toBe(problem);
  });
});
