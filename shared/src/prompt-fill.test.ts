import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROMPT,
  EXTRA_PLACEHOLDERS,
  FILLABLE_PLACEHOLDERS,
  FREELANCER_BID_DESCRIPTION_MAX,
  PROPOSAL_LENGTH_LIMITS,
  fillPrompt,
  fillTemplate,
  fitProposal,
  formatJobBudget,
  isTemplateText,
  PLACEHOLDER_NAMES,
  placeholderValues,
  trimAtSentence,
  type PromptAgent,
  type PromptJob,
} from './prompt-fill';
import { PROMPT_PLACEHOLDERS, PROMPT_TEMPLATE_TEXTS } from './prompt-templates';

const agent: PromptAgent = {
  upworkFreelancerName: 'Ada Lovelace',
  upworkProfileTitle: 'Full-stack TypeScript developer',
  upworkOverview: 'I build fast web apps.',
  skills: ['TypeScript', 'React', 'Node.js'],
  upworkAvailability: 'more_than_30',
  upworkCertifications: 'AWS Certified Developer',
  upworkPortfolio: 'Shop rebuild: 2x faster checkout',
  portfolioLinks: ['https://ada.dev/work'],
  upworkWorkHistory: 'Five years at Analytical Engines Ltd',
  upworkJobType: 'hourly',
  upworkEducation: 'BSc Mathematics',
  upworkOtherExperiences: 'Open-source maintainer',
  upworkLanguages: 'English (native), French (fluent)',
  upworkTestimonials: '"Delivered early" — a client',
  upworkProjectCatalog: 'Landing page in 5 days',
  upworkExperienceLevel: 'expert',
  upworkDuration: 'medium_term',
  upworkPaymentRate: 45,
  upworkSpecializedProfiles: ['Web development'],
  upworkCategories: ['Web, Mobile & Software Dev', 'Front-End'],
  upworkProfileUrl: 'https://www.upwork.com/freelancers/~0123',
  upworkHourlyMinRate: 30,
  upworkHourlyMaxRate: 60,
  upworkMinFixedRate: 200,
  upworkMaxFixedRate: 3000,
};

const job: PromptJob = {
  title: 'React dashboard for a logistics startup',
  description: 'We need a React dashboard showing live shipments.',
  type: 'fixed',
  currency: 'USD',
  minBudget: 500,
  maxBudget: 1500,
  clientName: 'Acme Freight',
};

describe('placeholders', () => {
  it('fills every placeholder of the specification, written {{name}}, and the extras', () => {
    const template = FILLABLE_PLACEHOLDERS.map((name) => `${name}={{${name}}}`).join('\n');
    const filled = fillPrompt({ agent: { ...agent, prompt: template }, job });
    expect(filled.source).toBe('agent');
    expect(filled.unknown).toEqual([]);
    expect(filled.empty).toEqual([]);
    expect(filled.used).toEqual([...PROMPT_PLACEHOLDERS, ...EXTRA_PLACEHOLDERS]);
    expect(filled.text).not.toMatch(/\{/);
    const line = (name: string) =>
      filled.text
        .split('\n')
        .find((l) => l.startsWith(`${name}=`))
        ?.slice(name.length + 1);
    expect(line('upworkFreelancerName')).toBe('Ada Lovelace');
    expect(line('skills')).toBe('TypeScript, React, Node.js');
    expect(line('upworkAvailability')).toBe('more than 30 hours a week');
    // The contract is the job's own: this job is fixed-price, whatever the agent prefers.
    expect(line('upworkJobType')).toBe('fixed-price');
    expect(line('upworkExperienceLevel')).toBe('expert');
    expect(line('upworkDuration')).toBe('medium term (about a month)');
    expect(line('upworkPaymentRate')).toBe('45');
    expect(line('jobDescription')).toBe(job.description);
    expect(line('upworkCategories')).toBe('Web, Mobile & Software Dev, Front-End');
    expect(line('upworkHourlyMinRate')).toBe('30');
    expect(line('upworkMaxFixedRate')).toBe('3000');
    expect(line('jobTitle')).toBe(job.title);
    expect(line('jobBudget')).toBe('USD 500–1500');
    expect(line('clientName')).toBe('Acme Freight');
    // The portfolio text and the agent's links together (the link is on the next line).
    expect(filled.text).toContain('upworkPortfolio=Shop rebuild: 2x faster checkout\nhttps://ada.dev/work');
  });

  it('tolerates {name} and spaces inside the braces', () => {
    const filled = fillPrompt({ agent: { ...agent, prompt: 'Hi from {upworkFreelancerName} / {{ skills }}' }, job });
    expect(filled.text).toBe('Hi from Ada Lovelace / TypeScript, React, Node.js');
  });

  it('leaves unknown placeholders visible and reports them once', () => {
    const filled = fillPrompt({ agent: { ...agent, prompt: 'A {{upworkNickname}} B {{upworkNickname}} C {mood} D {"json": 1}' }, job });
    expect(filled.text).toBe('A {{upworkNickname}} B {{upworkNickname}} C {mood} D {"json": 1}');
    expect(filled.unknown).toEqual(['upworkNickname', 'mood']);
  });

  it("takes the name, skills and links from the user's profile when the agent has none", () => {
    const values = placeholderValues({
      agent: { skills: [], portfolioLinks: [] },
      profile: { firstName: ' Grace ', lastName: 'Hopper', skills: ['COBOL'], portfolioLinks: ['https://grace.dev'] },
      job,
    });
    expect(values.upworkFreelancerName).toBe('Grace Hopper');
    expect(values.skills).toBe('COBOL');
    expect(values.upworkPortfolio).toBe('https://grace.dev');
  });

  it('drops label lines whose values are all empty, and tidies lists with gaps', () => {
    const out = fillTemplate(
      'Intro {{jobTitle}}\n- Testimonials: {{upworkTestimonials}}\n- Contract: {{upworkJobType}}, {{upworkExperienceLevel}}, {{upworkDuration}}\n{{upworkEducation}}\nEnd',
      placeholderValues({ agent: { upworkJobType: 'fixed', upworkDuration: 'ongoing' }, job }),
    );
    expect(out.text).toBe('Intro React dashboard for a logistics startup\n- Contract: fixed-price, ongoing\nEnd');
    expect(out.empty).toEqual(['upworkTestimonials', 'upworkExperienceLevel', 'upworkEducation']);
    // A heading is dropped only when everything under it was.
    const values = placeholderValues({ agent: {}, job });
    expect(fillTemplate('Hello:\n\nAbout me:\n- Skills: {{skills}}\n\nBye', values).text).toBe('Hello:\n\nBye');
  });

  it('treats a preferred rate of 0 as not set, and bounds a long job description', () => {
    const values = placeholderValues({
      agent: { upworkPaymentRate: 0, upworkHourlyMinRate: 0 },
      job: { title: 'x', description: 'y'.repeat(9000) },
    });
    expect(values.upworkPaymentRate).toBe('');
    expect(values.upworkHourlyMinRate).toBe('');
    expect(values.jobDescription.length).toBeLessThanOrEqual(6001);
  });
});

describe('letters that fit the job', () => {
  const template = `Propose a first milestone that fits a {{upworkJobType}} contract of
{{upworkDuration}}, and note my availability: {{upworkAvailability}}.`;

  it('describes the contract as the job has it, with the right article', () => {
    const hourly = fillTemplate(template, placeholderValues({ agent, job: { ...job, type: 'hourly' } })).text;
    expect(hourly).toBe(
      'Propose a first milestone that fits an hourly contract of\nmedium term (about a month), and note my availability: more than 30 hours a week.',
    );
    const fixed = fillTemplate('I quote a {{upworkJobType}} price.', placeholderValues({ agent: { upworkJobType: 'hourly' }, job })).text;
    expect(fixed).toBe('I quote a fixed-price price.');
    expect(fillTemplate('It is an {{upworkJobType}} job.', placeholderValues({ agent, job })).text).toBe('It is a fixed-price job.');
  });

  it('leaves no dangling punctuation or preposition where a value is empty', () => {
    const values = placeholderValues({ agent: { upworkAvailability: undefined }, job: { ...job, type: 'hourly' } });
    expect(fillTemplate(template, values).text).toBe('Propose a first milestone that fits an hourly contract, and note my availability.');
    expect(
      fillTemplate(
        '- Name: {{upworkFreelancerName}}, {{upworkProfileTitle}}',
        placeholderValues({ agent: { upworkProfileTitle: 'Designer' }, job }),
      ).text,
    ).toBe('- Name: Designer');
    expect(
      fillTemplate(
        'Budget ({{jobBudget}}) and rate: {{upworkPaymentRate}}. Thanks',
        placeholderValues({ agent: {}, job: { title: 't', description: 'd' } }),
      ).text,
    ).toBe('Budget and rate. Thanks');
    expect(fillTemplate('Skills: {{skills}}, {{upworkCategories}}; done', placeholderValues({ agent: { skills: ['Go'] }, job })).text).toBe(
      'Skills: Go; done',
    );
  });

  it("uses the agent's own platform's rates: a Freelancer.com agent's, not the Upwork fields it keeps", () => {
    const freelancer = placeholderValues({
      agent: {
        ...agent,
        platform: 'freelancer',
        freelancerHourlyRateMin: 25,
        freelancerHourlyRateMax: 200,
        freelancerMinBudget: 250,
        freelancerMaxBudget: 1500,
      },
      job: { ...job, platform: 'freelancer' },
    });
    expect(freelancer).toMatchObject({
      upworkHourlyMinRate: '25',
      upworkHourlyMaxRate: '',
      upworkMinFixedRate: '250',
      upworkMaxFixedRate: '1500',
    });
    // Upwork's own criteria and profile link mean nothing in a Freelancer.com bid.
    expect(freelancer).toMatchObject({ upworkExperienceLevel: '', upworkDuration: '', upworkProfileUrl: '' });
    const upwork = placeholderValues({
      agent: { ...agent, platform: 'upwork', upworkHourlyMinRate: 40, upworkHourlyMaxRate: 1000 },
      job: { ...job, platform: 'upwork' },
    });
    expect(upwork).toMatchObject({ upworkHourlyMinRate: '40', upworkHourlyMaxRate: '', upworkExperienceLevel: 'expert' });
  });

  it("takes the profile's title and overview when the agent has none", () => {
    const values = placeholderValues({
      agent: { upworkProfileTitle: '', upworkOverview: '' },
      profile: { profileTitle: 'Senior React engineer', profileOverview: 'Eight years of dashboards.' },
      job,
    });
    expect(values).toMatchObject({ upworkProfileTitle: 'Senior React engineer', upworkOverview: 'Eight years of dashboards.' });
    expect(placeholderValues({ agent: { upworkProfileTitle: 'Mine' }, profile: { profileTitle: 'Theirs' }, job }).upworkProfileTitle).toBe(
      'Mine',
    );
  });
});

describe('which template', () => {
  it("uses the agent's own prompt, else its template, else the default", () => {
    expect(fillPrompt({ agent: { ...agent, prompt: 'Mine: {{jobTitle}}', promptTemplate: 'graphic_design' }, job }).text).toBe(
      `Mine: ${job.title}`,
    );
    const fromTemplate = fillPrompt({ agent: { ...agent, prompt: '  ', promptTemplate: 'web_development' }, job });
    expect(fromTemplate.source).toBe('template');
    expect(fromTemplate.template).toBe(PROMPT_TEMPLATE_TEXTS.web_development);
    expect(fromTemplate.text).toContain(job.description);
    const fallback = fillPrompt({ agent: { ...agent, prompt: '', promptTemplate: 'custom' }, job });
    expect(fallback.source).toBe('default');
    expect(fallback.template).toBe(DEFAULT_PROMPT);
    expect(fallback.text).toContain('Job title: React dashboard for a logistics startup');
    expect(fallback.text).toContain('- Name: Ada Lovelace');
    expect(fallback.unknown).toEqual([]);
  });

  it('the default prompt with an empty agent has no dangling labels', () => {
    const filled = fillPrompt({ agent: {}, job: { title: 'Logo', description: 'A logo for a bakery.' } });
    expect(filled.text).not.toMatch(/^- [\w ]+: *$/m);
    expect(filled.text).not.toContain('About me:');
    expect(filled.text).toContain('Job description:\nA logo for a bakery.');
    expect(filled.text).toContain('A logo for a bakery.');
  });
});

describe('facts the profile may not hold', () => {
  it('keeps a {{#name}} section only when the value is there, and a {{^name}} section only when it is not', () => {
    const template =
      'Start.{{#upworkTestimonials}} Quote one testimonial: {{upworkTestimonials}}.{{/upworkTestimonials}}{{^upworkTestimonials}} Quote no testimonial.{{/upworkTestimonials}} End.';
    const withIt = fillPrompt({ agent: { ...agent, prompt: template }, job });
    expect(withIt.text).toBe('Start. Quote one testimonial: "Delivered early" — a client. End.');
    const without = fillPrompt({ agent: { ...agent, upworkTestimonials: '', prompt: template }, job });
    expect(without.text).toBe('Start. Quote no testimonial. End.');
    expect(without.empty).toContain('upworkTestimonials');
  });

  it('a section over several lines goes whole, and an unknown name in a section is reported and reads as empty', () => {
    const template =
      'A\n{{#upworkPortfolio}}\nPortfolio:\n{{upworkPortfolio}}\n{{/upworkPortfolio}}\n{{#favouriteColour}}Say blue.{{/favouriteColour}}B';
    const filled = fillPrompt({ agent: { ...agent, upworkPortfolio: '', portfolioLinks: [], prompt: template }, job });
    expect(filled.text).toBe('A\nB');
    expect(filled.unknown).toEqual(['favouriteColour']);
  });

  it('the built-in templates ask a sparse profile for no fact it does not hold, and state no default as a fact', () => {
    const sparse: PromptAgent = { upworkFreelancerName: 'Ada', skills: ['React'], upworkJobType: 'hourly' };
    for (const id of ['web_development', 'graphic_design', 'content_writing', 'digital_marketing'] as const) {
      const { text } = fillPrompt({ agent: { ...sparse, promptTemplate: id }, job });
      expect(text, id).not.toMatch(/availability|work history|portfolio|testimonial|revision rounds are included|measurable result/i);
    }
    const full = fillPrompt({ agent: { ...agent, promptTemplate: 'web_development' }, job }).text;
    expect(full).toMatch(/work history/i);
    expect(full).toContain('more than 30 hours a week');
  });

  it('a new agent has no availability until the user gives one', async () => {
    const { AGENT_DEFAULTS, agentFieldsSchema } = await import('./schemas/agent');
    expect(AGENT_DEFAULTS.upworkAvailability).toBe('');
    expect(agentFieldsSchema.shape.upworkAvailability.parse('')).toBe('');
    expect(placeholderValues({ agent: AGENT_DEFAULTS, job }).upworkAvailability).toBe('');
  });
});

describe('budget', () => {
  it('formats ranges, caps and hourly rates', () => {
    expect(formatJobBudget({ ...job, minBudget: 25, maxBudget: 40, type: 'hourly' })).toBe('USD 25–40 per hour');
    expect(formatJobBudget({ ...job, minBudget: null, maxBudget: 500 })).toBe('up to USD 500');
    expect(formatJobBudget({ ...job, minBudget: 300, maxBudget: 300 })).toBe('USD 300');
    expect(formatJobBudget({ ...job, minBudget: 100, maxBudget: null })).toBe('from USD 100');
    expect(formatJobBudget({ ...job, minBudget: null, maxBudget: null })).toBe('');
  });
});

describe('length limits', () => {
  it('follows the marketplaces (Freelancer.com bid description 1500, Upwork cover letter 5000)', () => {
    expect(FREELANCER_BID_DESCRIPTION_MAX).toBe(1500);
    expect(PROPOSAL_LENGTH_LIMITS).toEqual({ freelancer: 1500, upwork: 5000 });
  });

  it('keeps a short text as it is', () => {
    expect(trimAtSentence('  Short one.  ', 100)).toBe('Short one.');
  });

  it('cuts after the last whole sentence that fits', () => {
    const text = 'First sentence here. Second sentence is here! Third one is much longer and will not fit at all.';
    expect(trimAtSentence(text, 50)).toBe('First sentence here. Second sentence is here!');
  });

  it('cuts at a word with an ellipsis when no sentence end is near', () => {
    const text = `Intro. ${'word '.repeat(100)}`;
    const out = trimAtSentence(text, 80);
    expect(out.length).toBeLessThanOrEqual(80);
    expect(out.endsWith('word…')).toBe(true);
  });

  it('fits a long letter to each platform', () => {
    const letter = Array.from({ length: 200 }, (_, i) => `Sentence number ${i} of the letter.`).join(' ');
    const freelancer = fitProposal(letter, 'freelancer');
    expect(freelancer.length).toBeLessThanOrEqual(1500);
    expect(freelancer.endsWith('.')).toBe(true);
    expect(fitProposal(letter, 'upwork').length).toBeLessThanOrEqual(5000);
  });

  it('honours closing quotes and CJK sentence ends', () => {
    expect(trimAtSentence('He said "yes." Then a long tail that does not fit', 20)).toBe('He said "yes."');
    expect(trimAtSentence('第一句很长很长。第二句很长很长很长很长', 10)).toBe('第一句很长很长。');
  });
});

describe('placeholders named for what they are', () => {
  it('fills a neutral name ({{name}}) exactly as the specification name ({{upworkFreelancerName}})', () => {
    const neutral = FILLABLE_PLACEHOLDERS.map((name) => `${name}={{${PLACEHOLDER_NAMES[name]}}}`).join('\n');
    const spec = FILLABLE_PLACEHOLDERS.map((name) => `${name}={{${name}}}`).join('\n');
    const a = fillPrompt({ agent: { ...agent, prompt: neutral }, job });
    const b = fillPrompt({ agent: { ...agent, prompt: spec }, job });
    expect(a.text).toBe(b.text);
    expect(a.unknown).toEqual([]);
    expect(a.used).toEqual(b.used);
    // Every neutral name is unique and none hides another placeholder's own name.
    const names = Object.values(PLACEHOLDER_NAMES);
    expect(new Set(names).size).toBe(names.length);
    // The templates say what each placeholder is: no Upwork-named placeholder in them.
    for (const text of [...Object.values(PROMPT_TEMPLATE_TEXTS), DEFAULT_PROMPT]) expect(text).not.toMatch(/\{\{upwork/);
  });

  it('knows a template text an older release saved with the specification names, and an edited one as the user’s own', () => {
    const older = PROMPT_TEMPLATE_TEXTS.web_development.replace(/\{\{(\w+)\}\}/g, (match, name: string) => {
      const spec = (Object.keys(PLACEHOLDER_NAMES) as Array<keyof typeof PLACEHOLDER_NAMES>).find((key) => PLACEHOLDER_NAMES[key] === name);
      return spec ? `{{${spec}}}` : match;
    });
    expect(older).toContain('{{upworkFreelancerName}}');
    expect(isTemplateText(older)).toBe(true);
    expect(isTemplateText(PROMPT_TEMPLATE_TEXTS.graphic_design)).toBe(true);
    expect(isTemplateText('  ')).toBe(true);
    expect(isTemplateText(`${PROMPT_TEMPLATE_TEXTS.web_development}\nMention Vue too.`)).toBe(false);
  });

  it("takes the profile's work history, portfolio and Upwork address when the agent leaves them empty", () => {
    const profile = {
      workHistory: 'Six years at Acme',
      portfolio: 'Checkout rebuild',
      upworkProfileUrl: 'https://www.upwork.com/freelancers/~09',
    };
    const upwork = placeholderValues({ agent: { platform: 'upwork', portfolioLinks: [] }, profile, job: { ...job, platform: 'upwork' } });
    expect(upwork).toMatchObject({
      upworkWorkHistory: 'Six years at Acme',
      upworkPortfolio: 'Checkout rebuild',
      upworkProfileUrl: 'https://www.upwork.com/freelancers/~09',
    });
    const own = placeholderValues({ agent: { platform: 'upwork', upworkWorkHistory: 'Mine' }, profile, job });
    expect(own.upworkWorkHistory).toBe('Mine');
    // No Upwork address in a Freelancer.com bid, whoever gives it.
    expect(
      placeholderValues({ agent: { platform: 'freelancer' }, profile, job: { ...job, platform: 'freelancer' } }).upworkProfileUrl,
    ).toBe('');
  });
});
