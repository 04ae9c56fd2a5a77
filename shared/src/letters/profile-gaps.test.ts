import { describe, expect, it } from 'vitest';
import { placeholderValues } from '../prompt-fill';
import { profileGaps } from './profile-gaps';

const job = { title: 'Landing page', description: 'A landing page in React.' };

describe('profileGaps', () => {
  it('calls a name and one skill sparse, naming what is missing', () => {
    const values = placeholderValues({ agent: { upworkFreelancerName: 'Ada', skills: ['React'] }, job });
    expect(profileGaps(values)).toEqual({ missing: ['overview', 'workHistory', 'portfolio', 'skills'], sparse: true });
  });

  it('takes the profile and its links into account, and a full agent is not sparse', () => {
    const values = placeholderValues({
      agent: { skills: ['React', 'TypeScript', 'Node.js'], upworkWorkHistory: 'Five years of React at Acme.' },
      profile: { profileOverview: 'I build fast web apps.', portfolioLinks: ['https://ada.dev'] },
      job,
    });
    expect(profileGaps(values)).toEqual({ missing: [], sparse: false });
  });

  it('one gap of proof is a gap, not a sparse profile', () => {
    const values = placeholderValues({
      agent: { skills: ['React', 'TypeScript', 'Node.js'], upworkOverview: 'I build web apps.', upworkWorkHistory: 'Acme, 2020–2025.' },
      job,
    });
    expect(profileGaps(values)).toEqual({ missing: ['portfolio'], sparse: false });
  });
});
