import { describe, expect, it } from 'vitest';
import { clientReaction, proposalScore, reactionAt, type ClientOptions } from './clients';
import { generateProject } from './projects';

const OPTIONS: ClientOptions = { seed: 'clients-test', speedup: 1 };
const HOUR = 3_600_000;

const strongLetter = (k: number) => {
  const project = generateProject('freelancer', k);
  return `I have years of ${project.skills.map((s) => s.name).join(', ')} work. About "${project.title}": here is my plan.`;
};

describe('sandbox clients', () => {
  it('see more in a letter that shows the job’s skills and addresses its title, at a price within budget', () => {
    const project = generateProject('freelancer', 1234);
    const strong = proposalScore(project, { platform: 'freelancer', letter: strongLetter(1234), amount: project.budgetMin });
    const weak = proposalScore(project, { platform: 'freelancer', letter: 'Hello, I can do it.', amount: project.budgetMin });
    const pricey = proposalScore(project, {
      platform: 'freelancer',
      letter: strongLetter(1234),
      amount: (project.budgetMax ?? project.budgetMin * 1.5) * 3,
    });
    expect(strong).toBeGreaterThan(0.9);
    expect(weak).toBeCloseTo(0.2, 5); // only the price
    expect(pricey).toBeLessThan(strong);
  });

  it('answer, shortlist and award more often the better the proposal, each after a delay', () => {
    const tally = (strong: boolean) => {
      const counts = { replied: 0, awarded: 0 };
      for (let k = 0; k < 400; k++) {
        const project = generateProject('freelancer', 5000 + k);
        const placedAt = project.postedAt + HOUR;
        const reaction = clientReaction(
          project,
          {
            platform: 'freelancer',
            id: k + 1,
            letter: strong ? strongLetter(5000 + k) : 'Hi, I can help.',
            amount: project.budgetMin,
            placedAt,
          },
          OPTIONS,
        );
        if (reaction.messages.length > 0) {
          counts.replied++;
          expect(reaction.messages[0]!.at).toBeGreaterThan(placedAt + 20 * 60_000);
        }
        if (reaction.awardedAt !== null) counts.awarded++;
        expect(reaction.awardedAt === null || reaction.declinedAt === null).toBe(true);
      }
      return counts;
    };
    const strong = tally(true);
    const weak = tally(false);
    expect(strong.replied / 400).toBeGreaterThan(0.5);
    expect(weak.replied / 400).toBeLessThan(0.25); // about 0.15 (the price alone)
    expect(strong.awarded).toBeGreaterThan(weak.awarded * 4);
  });

  it('react the same way for the same seed and bid, and a different seed changes it', () => {
    const project = generateProject('upwork', 777);
    const bid = {
      platform: 'upwork' as const,
      id: 9,
      letter: 'Hello there, about the job.',
      amount: 40,
      placedAt: project.postedAt + HOUR,
    };
    expect(clientReaction(project, bid, OPTIONS)).toEqual(clientReaction(project, { ...bid }, { ...OPTIONS }));
    const many = Array.from({ length: 20 }, (_, i) => JSON.stringify(clientReaction(project, bid, { seed: `s${i}`, speedup: 1 })));
    expect(new Set(many).size).toBeGreaterThan(1);
  });

  it('show the reaction only up to the time asked, and a speed-up compresses every delay', () => {
    let k = 9000;
    let reaction;
    let project;
    // A bid the client answers (deterministic: the first such one from this index on).
    do {
      project = generateProject('freelancer', ++k);
      reaction = clientReaction(
        project,
        { platform: 'freelancer', id: k, letter: strongLetter(k), amount: project.budgetMin, placedAt: project.postedAt },
        OPTIONS,
      );
    } while (reaction.messages.length === 0);
    const first = reaction.messages[0]!;
    expect(reactionAt(reaction, first.at - 1).messages).toEqual([]);
    expect(reactionAt(reaction, first.at).messages).toEqual([first]);
    const fast = clientReaction(
      project,
      { platform: 'freelancer', id: k, letter: strongLetter(k), amount: project.budgetMin, placedAt: project.postedAt },
      { ...OPTIONS, speedup: 3600 },
    );
    for (const message of fast.messages) expect(message.at - project.postedAt).toBeLessThan((3 * 24 * HOUR) / 3600 + 1000);
  });
});
