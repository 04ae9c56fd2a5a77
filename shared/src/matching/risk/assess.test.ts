import { describe, expect, it } from 'vitest';
import { analyseJob } from '../analyse';
import { makeJob } from '../job-fixture';
import { assessRisk } from './assess';

const post = (title: string, description: string) => analyseJob(makeJob({ id: 'j1', title, description }));

describe('assessRisk', () => {
  it('flags a fee to start, quoting the post', () => {
    const flags = assessRisk(
      post('Data entry from home', 'Easy typing work. You pay a $30 registration fee to start, refunded with your first pay.'),
    );
    expect(flags).toEqual([expect.objectContaining({ code: 'upfrontFee', quote: expect.stringContaining('registration fee') })]);
  });

  it('leaves an ordinary job alone', () => {
    expect(assessRisk(post('React dashboard', 'Build charts for our sales data. Fixed fee, paid on milestones.'))).toEqual([]);
  });
});
