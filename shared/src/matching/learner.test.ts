import { describe, expect, it } from 'vitest';
import { makeJob } from './job-fixture';
import { fitPersonalModel, MAX_POINTS, personalAdjustment, type Signal, type SignalKind } from './learner';
import type { MatchProfile } from './profile';
import { rankJobs } from './rank';

/** A web designer who builds both Shopify and WordPress shops: the score alone cannot tell which they prefer. */
const designer: MatchProfile = { skills: ['Shopify', 'WordPress', 'Web Design', 'CSS'], title: 'E-commerce web designer' };

const shop = (id: string, platform: 'Shopify' | 'WordPress', extra = '') =>
  makeJob({
    id,
    title: `${platform} store design for a ${extra || 'clothing'} brand`,
    description: `We need a modern ${platform} store: homepage, product pages and a clean checkout. ${extra}`,
    skills: [platform, 'Web Design', 'CSS'],
  });

const shopifyJob = shop('shopify-new', 'Shopify', 'candle');
const wordpressJob = shop('wordpress-new', 'WordPress', 'candle');

/** The signals a user leaves by deciding on scored jobs. */
function signals(decisions: Array<[ReturnType<typeof shop>, SignalKind]>): Signal[] {
  return decisions.map(([job, kind]) => ({ kind, features: rankJobs([job], designer)[0]!.match.features! }));
}

const history = (n: number) =>
  signals(
    Array.from({ length: n }, (_, i) => [
      [shop(`s${i}`, 'Shopify', ['jewelry', 'tea', 'pet', 'toy'][i % 4]), 'approved'] as [ReturnType<typeof shop>, SignalKind],
      [shop(`w${i}`, 'WordPress', ['jewelry', 'tea', 'pet', 'toy'][i % 4]), 'discarded'] as [ReturnType<typeof shop>, SignalKind],
    ]).flat(),
  );

describe('learning from the user', () => {
  it('has nothing to learn without signals', () => {
    expect(fitPersonalModel([])).toBeNull();
  });

  it('moves the ranking after the user approves one kind of job and discards another, and says so', () => {
    const before = rankJobs([shopifyJob, wordpressJob], designer).map((j) => j.id);
    const model = fitPersonalModel(history(6))!;
    const after = rankJobs([wordpressJob, shopifyJob], designer, { model });
    expect(after.map((j) => j.id)).toEqual(['shopify-new', 'wordpress-new']);
    expect(after[0]!.matchFactors).toContainEqual(expect.objectContaining({ code: 'learned', approved: 6 }));
    expect(after[1]!.matchFactors).toContainEqual(expect.objectContaining({ code: 'learned', discarded: 6 }));
    // The other way round with the opposite decisions: the data decides, not the order.
    const reversed = fitPersonalModel(
      history(6).map((s) => ({ ...s, kind: s.kind === 'approved' ? ('discarded' as const) : ('approved' as const) })),
    )!;
    expect(rankJobs([shopifyJob, wordpressJob], designer, { model: reversed }).map((j) => j.id)).toEqual(['wordpress-new', 'shopify-new']);
    expect(before).toHaveLength(2);
  });

  it('lets a few signals move the score a little and many move it more, never past the cap', () => {
    const x = rankJobs([shopifyJob], designer)[0]!.match.features!;
    const few = personalAdjustment(fitPersonalModel(history(1))!, x).points;
    const many = personalAdjustment(fitPersonalModel(history(40))!, x).points;
    expect(few).toBeGreaterThan(0);
    expect(few).toBeLessThan(4);
    expect(many).toBeGreaterThan(few * 2);
    expect(many).toBeLessThanOrEqual(MAX_POINTS);
  });

  it('weighs a reply or a win more than an approval, and a loss less than a discard', () => {
    const x = rankJobs([shopifyJob], designer)[0]!.match.features!;
    const base = history(3).filter((s) => s.kind === 'discarded');
    const approved = signals([[shop('a', 'Shopify'), 'approved']]);
    const won = signals([[shop('a', 'Shopify'), 'won']]);
    expect(personalAdjustment(fitPersonalModel([...base, ...won])!, x).points).toBeGreaterThan(
      personalAdjustment(fitPersonalModel([...base, ...approved])!, x).points,
    );
  });

  it('forgets: without the signals the ranking is the score again', () => {
    const model = fitPersonalModel(history(6));
    const reset = fitPersonalModel([]);
    const scored = (m: typeof model) => rankJobs([wordpressJob, shopifyJob], designer, { model: m }).map((j) => [j.id, j.matchScore]);
    expect(scored(reset)).toEqual(scored(null));
    expect(scored(model)).not.toEqual(scored(null));
  });
});
