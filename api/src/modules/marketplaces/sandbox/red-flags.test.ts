import { describe, expect, it } from 'vitest';
import { analyseJob, assessRisk } from '@shared/scoring';
import { makeJob } from '@shared/matching/job-fixture';
import { RED_FLAG_LINES } from './catalog';
import { generateProject } from './projects';

describe('the sandbox feed’s bad posts', () => {
  const projects = Array.from({ length: 400 }, (_, k) => generateProject('freelancer', k));
  const carrying = projects.filter((project) => RED_FLAG_LINES.some((line) => project.description.includes(line)));

  it('some writing projects ask for what no freelancer should do, inside their description; no other project does', () => {
    const writing = projects.filter((project) => project.category.name === 'Writing & Content');
    expect(carrying.every((project) => project.category.name === 'Writing & Content')).toBe(true);
    expect(carrying.length).toBeGreaterThan(writing.length * 0.15);
    expect(carrying.length).toBeLessThan(writing.length * 0.45);
    for (const project of carrying) expect(project.description).toMatch(/\n\nDeliverables:\n- /);
  });

  it('raises a red flag for a fee to start, as the assessment reads it', () => {
    const feeLines = RED_FLAG_LINES.filter((line) => / fee\b/.test(line));
    expect(feeLines).toHaveLength(3);
    const fee = carrying.filter((project) => feeLines.some((line) => project.description.includes(line)));
    expect(fee.length).toBeGreaterThan(3);
    for (const project of fee) {
      const flags = assessRisk(analyseJob(makeJob({ id: project.id, title: project.title, description: project.description })));
      expect(flags.map((flag) => flag.code)).toContain('upfrontFee');
    }
  });
});
