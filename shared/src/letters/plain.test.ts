import { describe, expect, it } from 'vitest';
import { toPlainText, trimKeepingClose } from './plain';

describe('toPlainText', () => {
  it('turns a model’s markdown into the plain text it meant', () => {
    expect(
      toPlainText('## Why me\n**Five years** of _Xero_ work:\n* reconciliations\n* payroll\nSee [my work](https://a.example/x).'),
    ).toBe('Why me\nFive years of _Xero_ work:\n• reconciliations\n• payroll\nSee my work (https://a.example/x).');
  });
});

describe('trimKeepingClose', () => {
  const body = Array.from({ length: 30 }, (_, i) => `Sentence ${i + 1} about the work.`).join(' ');
  const letter = `Hello, about your Xero books.\n\n${body}\n\nWould you like me to start on Monday?\n\nBest regards,\nAna`;

  it('cuts the body at a sentence and keeps the closing question and the sign-off', () => {
    const trimmed = trimKeepingClose(letter, 400);
    expect(trimmed.length).toBeLessThanOrEqual(400);
    expect(trimmed.endsWith('Would you like me to start on Monday?\n\nBest regards,\nAna')).toBe(true);
    expect(trimmed).toMatch(/about the work\.\n\nWould you like/);
  });

  it('leaves a letter within the limit as it is', () => {
    expect(trimKeepingClose(letter, 5000)).toBe(letter);
  });
});
