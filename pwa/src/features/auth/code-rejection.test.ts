import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { codeRejectionText } from './code-rejection';
import type { Translate } from '../../lib/form-errors';

const t: Translate = (key, options) => `${key}${options ? ` ${JSON.stringify(options)}` : ''}`;
const refused = (details: ConstructorParameters<typeof ApiError>[0]['details']) =>
  new ApiError({ status: 400, code: 'invalid_code', message: 'Invalid or expired code. Please try again.', details });

describe('the text for a refused code', () => {
  it('counts the tries left while there are some', () => {
    expect(codeRejectionText(t, refused({ attemptsLeft: 2 }), 'Wrong code.')).toBe('Wrong code. auth.verify.attemptsLeft {"count":2}');
  });

  it('says what to do next, not "try again", when none are left', () => {
    const text = codeRejectionText(t, refused({ attemptsLeft: 0, retryAfterSeconds: 601 }), 'Wrong code. Please try again.');
    expect(text).toBe('auth.verify.noAttemptsLeft {"minutes":11}');
    expect(text).not.toContain('try again');
  });

  it('keeps the reason alone when the server counts nothing (an expired code)', () => {
    expect(codeRejectionText(t, refused(undefined), 'Expired.')).toBe('Expired.');
  });
});
