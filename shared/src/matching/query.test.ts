import { describe, expect, it } from 'vitest';
import { MARKETPLACE_SKILL_IDS } from './marketplace-skills.data';
import { MAX_SEARCH_TERMS, searchQuery, tellingTerm } from './query';
import { skillById } from './vocabulary';

/** Every single word the phrases would put in a query. */
const singleWords = (phrases: readonly string[]) => phrases.filter((p) => !p.includes(' '));

describe('the marketplace search query', () => {
  it('names the skills a long title names, not every word of it', () => {
    const q = searchQuery('Senior React and TypeScript front-end engineer');
    expect(q.skills).toEqual(expect.arrayContaining(['react', 'typescript']));
    expect(q.phrases).toEqual(expect.arrayContaining(['react', 'typescript']));
    expect(q.phrases).not.toContain('react native');
    for (const word of ['senior', 'engineer', 'and', 'front', 'end']) expect(q.phrases).not.toContain(word);
    // A broad field is not asked for beside specific skills: "front-end" would find every web job.
    expect(q.skills).not.toContain('front-end');
  });

  it('keeps multi-word phrases whole and never sends their everyday words alone', () => {
    const q = searchQuery('Spanish SEO writer', ['Search Engine Optimization', 'Premiere Pro', 'Data Entry', 'Motion Graphics']);
    expect(q.phrases).toEqual(expect.arrayContaining(['search engine optimization', 'seo', 'data entry', 'motion graphics']));
    const generic = ['search', 'engine', 'optimization', 'pro', 'entry', 'data', 'graphics', 'motion', 'design', 'development', 'writer'];
    for (const word of generic) expect(singleWords(q.phrases)).not.toContain(word);
    // The spoken language is not a search term: "Spanish" would find every tutor and translator.
    expect(q.skills).not.toContain('lang-spanish');
    expect(q.phrases).not.toContain('spanish');
  });

  it('asks for the shorter of two spellings when one holds the other: a post with the longer says the shorter too', () => {
    const q = searchQuery('Sales', ['Cold Email Outreach', 'Shopify']);
    expect(q.phrases).toEqual(expect.arrayContaining(['cold email', 'shopify']));
    expect(q.phrases).not.toContain('cold email outreach');
    expect(q.phrases).not.toContain('shopify store');
  });

  it('drops generic single words but keeps telling ones', () => {
    expect(tellingTerm('search')).toBe(false);
    expect(tellingTerm('management')).toBe(false);
    expect(tellingTerm('graphics')).toBe(false);
    expect(tellingTerm('design')).toBe(false);
    expect(tellingTerm('development')).toBe(false);
    expect(tellingTerm('ts')).toBe(false);
    expect(tellingTerm('seo')).toBe(true);
    expect(tellingTerm('quickbooks')).toBe(true);
    expect(tellingTerm('search engine optimization')).toBe(true);
    expect(tellingTerm('web design')).toBe(true);
    expect(tellingTerm('of the')).toBe(false);
  });

  it('asks Freelancer.com by its skill ids where known, and by phrases only for the skills without one', () => {
    const q = searchQuery('PHP developer', ['MySQL', 'Shopify']);
    expect(q.freelancer.jobs).toEqual(expect.arrayContaining([3, 305]));
    expect(q.freelancer.phrases).toContain('shopify');
    // PHP and MySQL are found by their ids: their names are not sent as words too.
    expect(q.freelancer.phrases).not.toContain('php');
    expect(q.freelancer.phrases).not.toContain('mysql');
    // Upwork has no id for them (none is known): every skill goes as phrases there.
    expect(q.upwork.phrases).toEqual(expect.arrayContaining(['php', 'mysql', 'shopify']));
    expect(q.upwork.occupations).toEqual([]);
  });

  it('asks by ids alone when every skill has one', () => {
    const q = searchQuery('Web scraper', ['Python', 'Django']);
    expect(q.freelancer.jobs).toEqual(expect.arrayContaining([95, 1075, 13, 113]));
    expect(q.freelancer.phrases).toEqual([]);
  });

  it("keeps the user's own words when they name no known skill", () => {
    const q = searchQuery('qzxwvj landing');
    expect(q.skills).toEqual([]);
    expect(q.phrases).toEqual([]);
    expect(q.freelancer).toEqual({ jobs: [], phrases: [] });
    expect(q.all).toBe('qzxwvj landing');
  });

  it('sends unknown skills as written, whole, less their stop words', () => {
    const q = searchQuery('developer', ['Basket weaving', 'Fast work']);
    expect(q.phrases).toContain('basket weaving');
    expect(q.phrases.some((p) => /fast|work/.test(p))).toBe(false);
    expect(q.phrases).not.toContain('basket');
  });

  it('asks for a broad field when it is all the profile names', () => {
    const q = searchQuery('Web developer', ['Web Development']);
    expect(q.skills).toEqual(['web-development']);
    expect(q.phrases).toContain('web development');
    expect(singleWords(q.phrases)).not.toContain('web');
  });

  it('reads everyday-word names in the keywords ("Go developer") and never sends two-letter words', () => {
    const go = searchQuery('Go developer');
    expect(go.phrases[0]).toBe('golang');
    expect(go.phrases.every((w) => w.length > 2)).toBe(true);
  });

  it('stays short: every skill gets its name in before any gets a second spelling', () => {
    const names = [
      'React',
      'Vue',
      'Angular',
      'Node.js',
      'Python',
      'Django',
      'AWS',
      'Docker',
      'Kubernetes',
      'PostgreSQL',
      'Redis',
      'GraphQL',
      'Figma',
    ];
    const q = searchQuery('full stack', names);
    expect(q.phrases).toHaveLength(MAX_SEARCH_TERMS);
    expect(q.phrases).toEqual(expect.arrayContaining(['react', 'vue.js', 'angular', 'node.js', 'python', 'django']));
  });

  it('lists ids only for skills the vocabulary knows', () => {
    for (const id of Object.keys(MARKETPLACE_SKILL_IDS)) expect(skillById(id), id).toBeDefined();
  });
});
