import { describe, expect, it } from 'vitest';
import { chooseCoding } from './encoding';

describe('chooseCoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', undefined, 'br'],
    ['gzip, deflate', undefined, 'gzip'],
    ['br;q=0, gzip', undefined, 'gzip'],
    ['identity', undefined, undefined],
    [undefined, undefined, undefined],
    ['*', undefined, 'br'],
    ['gzip, br', ['gzip'] as const, 'gzip'],
    ['x-gzip', undefined, 'gzip'],
  ])('%s (available %s) → %s', (header, available, expected) => {
    expect(chooseCoding(header, available ? [...available] : undefined)).toBe(expected);
  });
});
