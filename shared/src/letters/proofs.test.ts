import { describe, expect, it } from 'vitest';
import { claimsOf, entriesOf, pickProofs, proofCandidates } from './proofs';

const history = `- 2023–2025, Northwind Coffee: rebuilt their Shopify store on a custom Liquid theme, checkout conversion up 18%.
- 2021–2023, Atlas Law: WordPress site and a PHP booking plugin for 12 offices.
- 2020, freelance: Figma-to-React landing pages for three SaaS startups.`;

const portfolio = `Shopify theme for a furniture brand, with a product configurator in JavaScript
A React dashboard for a logistics company, showing live shipments on a map`;

describe('entriesOf', () => {
  it('reads a list a line an entry, and paragraphs a paragraph an entry', () => {
    expect(entriesOf(history)).toHaveLength(3);
    expect(entriesOf('Built a store.\nIt sold well.\n\nWrote a plugin for the booking team, in PHP.')).toEqual([
      'Built a store. It sold well.',
      'Wrote a plugin for the booking team, in PHP.',
    ]);
    expect(entriesOf('')).toEqual([]);
  });
});

describe('claimsOf', () => {
  it("keeps a sent letter's sentences about the freelancer's own past work, never the ones about that client", () => {
    const letter = `Your coffee subscriptions need a reliable checkout. I rebuilt a Shopify store for a roaster last year and cut its checkout time in half. I would start with your theme. Which apps do you use today?`;
    expect(claimsOf(letter)).toEqual(['I rebuilt a Shopify store for a roaster last year and cut its checkout time in half.']);
  });
});

describe('pickProofs', () => {
  const candidates = proofCandidates({ workHistory: history, portfolio });

  it('picks the pieces most like the job, best first, and at most three', () => {
    const picked = pickProofs(
      {
        title: 'Custom Shopify theme for a tea shop',
        description: 'We need a Shopify developer to build a custom theme in Liquid from our Figma designs.',
      },
      candidates,
    );
    expect(picked.length).toBeGreaterThanOrEqual(1);
    expect(picked.length).toBeLessThanOrEqual(3);
    expect(picked[0]!.text).toMatch(/Shopify/);
    expect(picked.map((p) => p.text).join(' ')).not.toMatch(/WordPress/);
    expect(picked[0]!.shared).toEqual(expect.arrayContaining(['Shopify']));
  });

  it('finds the React dashboard for a dashboard job, by its skills and its words', () => {
    const [first] = pickProofs(
      {
        title: 'React dashboard for shipment tracking',
        description: 'Build a dashboard in React that shows our fleet and shipments live.',
      },
      candidates,
    );
    expect(first?.source).toBe('portfolio');
    expect(first?.text).toMatch(/logistics/);
  });

  it('cites nothing for work the material never touches', () => {
    expect(
      pickProofs(
        { title: 'Bookkeeping in Xero for a bakery', description: 'Monthly reconciliation and VAT returns for a small bakery.' },
        candidates,
      ),
    ).toEqual([]);
  });

  it("puts a past letter's claim that won work ahead of an equal work-history entry", () => {
    const same = 'I rebuilt a Shopify store on a custom Liquid theme for a coffee roaster, and checkout conversion went up.';
    const withLetters = proofCandidates({
      workHistory: same.replace(/^I rebuilt/, 'Rebuilt'),
      letters: [{ text: same, outcome: 'hired' }],
    });
    const [first] = pickProofs({ title: 'Shopify theme in Liquid', description: 'A custom Shopify theme for our store.' }, withLetters);
    expect(first).toMatchObject({ source: 'letter', outcome: 'hired' });
  });
});
