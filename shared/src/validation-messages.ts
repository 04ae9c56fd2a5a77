/**
 * The messages of the shared validation rules, and the limits they state, without the rules
 * themselves: no zod here, so a screen can name a message, translate one the server sent, or size
 * a field without loading the schemas (`./validation` has the rules and re-exports all of this).
 */

/**
 * The messages of the validation rules, shared by the PWA's forms and the API. The English texts are
 * the specification's words; each has an i18n key (`validation.<key>`) so forms show them translated.
 */
export const validationMessages = {
  required: 'This field is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailProvider: 'Please enter a valid email from a common provider',
  emailLocalTooLong: 'The part before the @ can be at most 64 characters',
  emailCharacters: "Before the @ an email address may only have letters, digits, dots and ! # $ % & ' * + - / = ? ^ _ ` { | } ~",
  passwordRequired: 'Password is required',
  passwordRule: 'Password must be at least 8 characters and include an uppercase letter, a lowercase letter and a number',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordsMismatch: "Passwords don't match",
  platformRequired: 'Freelance platform is required',
  codeFormat: 'Please enter the 6-digit verification code sent to your email.',
  textCharacters: 'This text contains a character that cannot be saved (a NUL or a broken Unicode character). Please remove it.',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

const byText = new Map<string, ValidationMessageKey>(
  Object.entries(validationMessages).map(([key, text]) => [text, key as ValidationMessageKey]),
);

/** The i18n key of a validation message, when the message is one of ours. */
export function validationKey(message: string): ValidationMessageKey | undefined {
  return byText.get(message);
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const CODE_LENGTH = 6;
