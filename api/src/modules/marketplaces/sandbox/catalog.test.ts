import { describe, expect, it } from 'vitest';
import { resolveSkill } from '@shared/matching/vocabulary';
import { CATEGORIES } from './catalog';

describe('the sandbox catalogue', () => {
  it('posts only skills the matching vocabulary knows', () => {
    const unknown = CATEGORIES.flatMap((c) => c.skills).filter((s) => resolveSkill(s.name).ids.length === 0);
    expect(unknown.map((s) => s.name)).toEqual([]);
  });
});
