import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_TERMS, searchTerms } from './query';

describe('the marketplace search terms', () => {
  it('ask for any spelling of the skills a long title names, not for every word of it', () => {
    const terms = searchTerms('Senior React and TypeScript front-end engineer');
    expect(terms.any).toEqual(expect.arrayContaining(['react', 'react.js', 'reactjs', 'typescript']));
    expect(terms.words).toEqual(expect.arrayContaining(['react', 'reactjs', 'typescript']));
    expect(terms.any).not.toContain('react native');
    expect(terms.words).not.toContain('senior');
    expect(terms.words).not.toContain('engineer');
  });

  it("add the agent's skills, known ones by their spellings and unknown ones as written", () => {
    const terms = searchTerms('developer', ['Node.js', 'Basket weaving']);
    expect(terms.any).toEqual(expect.arrayContaining(['node.js', 'nodejs', 'basket weaving']));
    expect(terms.words).toEqual(expect.arrayContaining(['node', 'nodejs', 'basket', 'weaving']));
  });

  it("keep the user's own words when they name no skill, and never search for two-letter words", () => {
    expect(searchTerms('qzxwvj nothing matches this')).toEqual({ any: [], words: [], all: 'qzxwvj nothing matches this' });
    const go = searchTerms('Go developer');
    expect(go.any[0]).toBe('golang');
    expect(go.words.every((w) => w.length > 2)).toBe(true);
  });

  it('stay short: every skill gets its name in before any gets a second spelling', () => {
    const terms = searchTerms('full stack', [
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
    ]);
    expect(terms.any).toHaveLength(MAX_SEARCH_TERMS);
    expect(terms.any).toEqual(expect.arrayContaining(['react', 'vue.js', 'angular', 'node.js', 'python', 'django']));
  });
});
