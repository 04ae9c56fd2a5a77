import type { FillablePlaceholder } from '../prompt-input';

/**
 * What a letter has to stand on: the freelancer's overview, work history, portfolio and skills, as
 * the prompt will have them (agent, else profile, else résumé: `placeholderValues`). A profile
 * missing most of them gets thin letters, however good the model: the user is told before drafting.
 */
export const PROFILE_FACTS = ['overview', 'workHistory', 'portfolio', 'skills'] as const;
export type ProfileFact = (typeof PROFILE_FACTS)[number];

export interface ProfileGaps {
  missing: ProfileFact[];
  /** Too little to write from: no skills, or two of overview, work history and portfolio missing. */
  sparse: boolean;
}

/** Fewer skills than this is a gap: a letter cannot match a post's needs to one or two words. */
export const MIN_SKILLS = 3;

export function profileGaps(
  values: Pick<Record<FillablePlaceholder, string>, 'upworkOverview' | 'upworkWorkHistory' | 'upworkPortfolio' | 'skills'>,
): ProfileGaps {
  const skills = values.skills
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const missing: ProfileFact[] = [];
  if (!values.upworkOverview.trim()) missing.push('overview');
  if (!values.upworkWorkHistory.trim()) missing.push('workHistory');
  if (!values.upworkPortfolio.trim()) missing.push('portfolio');
  if (skills.length < MIN_SKILLS) missing.push('skills');
  const proof = missing.filter((fact) => fact !== 'skills').length;
  return { missing, sparse: skills.length === 0 || proof >= 2 };
}
