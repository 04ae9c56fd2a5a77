import type { AnalysedJob } from './analyse';
import { DELIVERABLE_MIN_CUES, NEIGHBOUR_TRADES } from './deliverable.data';
import type { CompiledProfile } from './profile';
import { lowerText } from './risk/pattern';

/**
 * The work a post asks for where two neighbouring trades share their tools (deliverable.data.ts):
 * per pair, the side whose words the post holds (at least `DELIVERABLE_MIN_CUES` of them, none of
 * the other side's), with the first word found (to quote), or nothing when the post is not plainly
 * one side's. Read once per analysed job and per profile (from its title and skills).
 */
export interface Deliverable {
  pair: string;
  skill: string;
  rival: string;
  word: string;
}

const patterns = NEIGHBOUR_TRADES.map((pair) => ({
  pair,
  sides: pair.sides.map((side) => new RegExp(side.cues.map((c) => `(?:${c})`).join('|'), 'gu')),
}));

const read = new WeakMap<object, Deliverable[]>();

export function deliverablesOf(job: AnalysedJob): Deliverable[] {
  return cached(job, () => `${job.job.title}\n${job.job.description}`);
}

/** The side a profile's title and skills plainly stand on (its overview may mention the other's work in passing). */
export function profileDeliverables(profile: CompiledProfile): Deliverable[] {
  return cached(profile, () => `${profile.profile.title ?? ''}\n${profile.profile.skills.join(', ')}`);
}

function cached(key: object, text: () => string): Deliverable[] {
  let found = read.get(key);
  if (!found) read.set(key, (found = sideOf(lowerText(text()))));
  return found;
}

function sideOf(text: string): Deliverable[] {
  const found: Deliverable[] = [];
  for (const { pair, sides } of patterns) {
    const hits = sides.map((pattern) => [...text.matchAll(pattern)].map((m) => m[0]));
    const [a, b] = hits as [string[], string[]];
    const side: 0 | 1 | null =
      a.length >= DELIVERABLE_MIN_CUES && b.length === 0 ? 0 : b.length >= DELIVERABLE_MIN_CUES && a.length === 0 ? 1 : null;
    if (side === null) continue;
    const other = side === 0 ? 1 : 0;
    found.push({ pair: pair.id, skill: pair.sides[side].skill, rival: pair.sides[other].skill, word: (side === 0 ? a : b)[0]! });
  }
  return found;
}
