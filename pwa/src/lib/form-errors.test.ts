import { describe, expect, it } from 'vitest';
import { signupBodySchema } from '@shared/schemas/auth';
import { validationMessages } from '@shared/validation';
import { ApiError } from './api';
import { errorText, fieldErrors, type Translate } from './form-errors';

const t: Translate = (key, options) => (options ? `${key}:${JSON.stringify(options)}` : key);
const exists = (key: string) => key.startsWith('errors.');

describe('fieldErrors', () => {
  it('maps zod issues to translated messages, first per field', () => {
    const result = signupBodySchema.safeParse({ email: 'me@unknown-host.example', password: 'short', platformType: 'upwork' });
    expect(result.success).toBe(false);
    const errors = fieldErrors(t, result.error!.issues);
    expect(errors.email).toBe('validation.emailProvider');
    expect(errors.password).toBe('validation.passwordRule');
  });

  it('reads the server’s dotted issue paths', () => {
    expect(fieldErrors(t, [{ path: 'email', message: validationMessages.emailRequired }])).toEqual({ email: 'validation.emailRequired' });
  });

  it('keeps a message that is not one of ours', () => {
    expect(fieldErrors(t, [{ path: ['timeZone'], message: 'Unknown time zone' }])).toEqual({ timeZone: 'Unknown time zone' });
  });
});

describe('errorText', () => {
  const invalid = new ApiError({ status: 401, code: 'invalid_credentials', message: 'Invalid email or password' });

  it('shows the server’s message in English', () => {
    expect(errorText(t, 'en', invalid, 'Login failed', exists)).toBe('Invalid email or password');
  });

  it('shows the code’s translation in other languages', () => {
    expect(errorText(t, 'fr', invalid, 'Login failed', exists)).toBe('errors.invalid_credentials');
  });

  it('translates offline and timeout failures', () => {
    const offline = new ApiError({ status: 0, code: 'offline', message: 'You appear to be offline' });
    expect(errorText(t, 'en', offline, 'x', exists)).toBe('errors.offline');
  });

  it('uses the fallback for an unreadable answer or a non-API error', () => {
    expect(
      errorText(t, 'en', new ApiError({ status: 502, code: 'unknown', message: 'Request failed (HTTP 502)' }), 'Login failed', exists),
    ).toBe('Login failed');
    expect(errorText(t, 'en', new Error('boom'), 'Login failed', exists)).toBe('Login failed');
  });

  it('prefers a known field message from a validation error', () => {
    const error = new ApiError({
      status: 400,
      code: 'validation_error',
      message: 'Invalid request',
      details: { issues: [{ path: 'password', message: validationMessages.passwordRule }] },
    });
    expect(errorText(t, 'en', error, 'x', exists)).toBe('validation.passwordRule');
  });
});
