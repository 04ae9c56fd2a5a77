import { describe, expect, it } from 'vitest';
import { cleanCode } from './code';

describe('cleanCode', () => {
  it('keeps the six digits of a pasted code', () => {
    expect(cleanCode(' 123 456 ')).toBe('123456');
    expect(cleanCode('Code: 654-321')).toBe('654321');
    expect(cleanCode('12345678')).toBe('123456');
  });
});
