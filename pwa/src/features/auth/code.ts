import { CODE_LENGTH } from '@shared/validation-messages';

/** Keeps only digits, at most six (so a pasted "123 456" or "Code: 123456" works). */
export function cleanCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH);
}
