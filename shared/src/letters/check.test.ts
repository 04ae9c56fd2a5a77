import { describe, expect, it } from 'vitest';
import { checkLetter, similarity } from './check';
import { extractQuestions } from './questions';

const post = {
  title: 'Bookkeeping for two Shopify stores in Xero',
  description: 'We sell candles on two Shopify stores. Which accounting software do you use? What is your monthly rate?',
  skills: ['Xero', 'Bookkeeping'],
};
const good = `Hello, your two Shopify candle stores need their payouts reconciled in Xero every month, and that is what I do.

I keep books in Xero and QuickBooks Online for six e-commerce shops; the accounting software I would use for you is Xero, since you already have it.

My monthly rate for two stores is $300, covering reconciliations and a month-end report.

Would you like me to start with last month's payouts?

Best regards,
Ana`;
const base = {
  letter: good,
  platform: 'freelancer' as const,
  post,
  questions: extractQuestions(post.description),
  profileSkills: ['Xero', 'QuickBooks', 'Bookkeeping'],
};
const codes = (over: Partial<typeof base> & Record<string, unknown>) => checkLetter({ ...base, ...over }).problems.map((p) => p.code);

describe('checkLetter', () => {
  it('passes a letter that opens on the post, answers it, and stays plain and short', () => {
    expect(checkLetter(base)).toEqual({ ok: true, problems: [] });
  });

  it('fails a letter over the marketplace’s limit, with the length and the limit', () => {
    const problems = checkLetter({ ...base, letter: `${good}\n\n${'More about me. '.repeat(120)}` }).problems;
    expect(problems).toContainEqual({ code: 'tooLong', length: expect.any(Number), limit: 1500 });
  });

  it('fails markdown, placeholders and contact details, quoting them', () => {
    expect(checkLetter({ ...base, letter: good.replace('Xero every month', '**Xero** every month') }).problems).toContainEqual({
      code: 'markdown',
      words: '**Xero**',
    });
    expect(codes({ letter: good.replace('Ana', '[Your Name]') })).toContain('placeholder');
    expect(codes({ letter: good.replace('Ana', 'Ana — ana.books@example.com') })).toContain('contactDetails');
    expect(codes({ letter: good.replace('Ana', 'Ana, WhatsApp me: +234 803 555 0134') })).toContain('contactDetails');
    expect(codes({ letter: good.replace('Ana', 'Ana, see https://ana-books.example/work') })).toContain('contactDetails');
    expect(
      codes({ letter: good.replace('Ana', 'Ana, see https://ana-books.example/work'), allowedLinks: ['https://ana-books.example'] }),
    ).toEqual([]);
  });

  it('fails a letter, or a screening answer, that offers to be paid or to talk outside the marketplace, quoting it', () => {
    const outside = good.replace('Ana', 'Ana. You can also pay me directly by PayPal to save the fees');
    expect(checkLetter({ ...base, letter: outside }).problems).toContainEqual({
      code: 'offPlatform',
      words: expect.stringMatching(/PayPal/),
    });
    const answers = [{ question: 'How do you bill?', answer: 'Weekly, by bank transfer outside the platform.' }];
    expect(codes({ screening: answers })).toContain('offPlatform');
    expect(codes({})).not.toContain('offPlatform');
  });

  it('names each screening question whose answer puts it off, is empty or says nothing of its kind', () => {
    const asked = ['What is your availability for the next two weeks?', 'What tools or frameworks would you use for this project?'];
    const screening = [
      { question: asked[0]!, answer: 'I would confirm this with you.' },
      { question: asked[1]!, answer: 'Xero and QuickBooks Online, with Dext for the receipts.' },
    ];
    expect(checkLetter({ ...base, screening }).problems).toEqual([{ code: 'screeningUnanswered', words: asked[0] }]);
    const answered = [{ ...screening[0]!, answer: 'Around 20 hours a week, from Monday.' }, screening[1]!];
    expect(checkLetter({ ...base, screening: answered }).problems).toEqual([]);
    expect(codes({ screening: [{ question: asked[1]!, answer: '' }] })).toEqual(['screeningUnanswered']);
  });

  it('does not take an amount, a date or a Telegram bot for contact details', () => {
    expect(codes({ letter: good.replace('$300', '$5,000–9,000 by 2026-03-12; I built Telegram bots too') })).not.toContain(
      'contactDetails',
    );
  });

  it('fails a letter whose opening never names the post', () => {
    expect(
      codes({ letter: `Hello dear sir, I am a hard worker and always on time.\n\n${good.split('\n\n').slice(1).join('\n\n')}` }),
    ).toContain('noOpeningReference');
  });

  it('names each question the letter leaves unanswered', () => {
    const letter = 'Hello, your two Shopify candle stores need their payouts reconciled in Xero every month. I can help.\n\nBest, Ana';
    expect(
      checkLetter({ ...base, letter })
        .problems.filter((p) => p.code === 'unanswered')
        .map((p) => p.words),
    ).toEqual(['Which accounting software do you use?', 'What is your monthly rate?']);
  });

  it('fails an English letter to a Spanish post', () => {
    const spanish = {
      title: 'Contabilidad en Xero',
      description: 'Necesitamos una persona para la contabilidad de nuestra tienda en Xero, con conciliaciones cada mes.',
    };
    expect(checkLetter({ ...base, post: spanish, questions: [] }).problems).toContainEqual({
      code: 'wrongLanguage',
      expected: 'es',
      found: 'en',
    });
  });

  it('fails a first-person claim of a skill the freelancer does not list, not a denial', () => {
    expect(
      checkLetter({ ...base, letter: good.replace('Best regards', 'I also build Kubernetes clusters.\n\nBest regards') }).problems,
    ).toContainEqual({
      code: 'unclaimedSkill',
      words: 'Kubernetes',
    });
    expect(codes({ letter: good.replace('Best regards', 'I have not used Kubernetes.\n\nBest regards') })).toEqual([]);
    // The post's own words, quoted, claim nothing.
    expect(codes({ letter: good.replace('Best regards', 'I read "Kubernetes and Xero migration" twice.\n\nBest regards') })).toEqual([]);
  });

  it('reads a currency code beside an amount as money, not as a skill claimed', () => {
    // "CAD" is both Canadian dollars and computer-aided design; "my bid of 190 CAD" claims no design skill.
    expect(codes({ letter: good.replace('Best regards', 'My bid is 190 CAD for the whole job.\n\nBest regards') })).toEqual([]);
    expect(codes({ letter: good.replace('Best regards', 'I quote CAD 190, delivered in a week.\n\nBest regards') })).toEqual([]);
    // Without an amount beside it, the claim is still read.
    expect(
      checkLetter({ ...base, letter: good.replace('Best regards', 'I also draw in CAD every day.\n\nBest regards') }).problems,
    ).toContainEqual({
      code: 'unclaimedSkill',
      words: expect.stringMatching(/CAD/i),
    });
  });

  it('fails a near-copy of a recent letter, and lets a different one through', () => {
    expect(checkLetter({ ...base, recentLetters: [good.replace('Ana', 'Ana B.')] }).problems).toContainEqual({
      code: 'nearCopy',
      percent: expect.any(Number),
    });
    expect(
      codes({ recentLetters: ['Hi, I design logos and brand systems for coffee shops; here is how I would start on yours.'] }),
    ).toEqual([]);
    expect(similarity('one two three four', 'one two three four')).toBe(1);
  });
});
