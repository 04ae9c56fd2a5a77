import { describe, expect, it } from 'vitest';
import { makeJob } from './matching/job-fixture';
import { analyseJob, compileProfile, scoreAnalysedJob, scoreJob } from './scoring';

describe('scoreJob', () => {
  it('is the analysed job scored against the compiled profile', () => {
    const job = makeJob({ id: 'x', title: 'Node.js API for our app', skills: ['Node.js', 'PostgreSQL'] });
    const profile = { skills: ['NodeJS', 'Postgres'], title: 'Backend developer' };
    const direct = scoreJob(job, profile, { now: Date.parse('2026-03-12T00:00:00Z') });
    expect(direct).toEqual(scoreAnalysedJob(analyseJob(job), compileProfile(profile), { now: Date.parse('2026-03-12T00:00:00Z') }));
    expect(direct.factors[0]).toMatchObject({ code: 'skills', matched: ['Node.js', 'PostgreSQL'], total: 2 });
  });
});
