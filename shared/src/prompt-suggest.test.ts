import { describe, expect, it } from 'vitest';
import { suggestTemplate } from './prompt-suggest';

describe('the template a new agent starts on', () => {
  it('follows the skills and keywords: a React developer starts on web development, not a blank prompt', () => {
    expect(suggestTemplate(['React', 'TypeScript', 'Node.js'])).toBe('web_development');
    expect(suggestTemplate([], 'React developer')).toBe('web_development');
    expect(suggestTemplate(['Logo Design', 'Adobe Illustrator', 'Branding'])).toBe('graphic_design');
    expect(suggestTemplate(['Copywriting', 'Blog writing', 'Proofreading'])).toBe('content_writing');
    expect(suggestTemplate(['Google Ads', 'SEO', 'Social Media Marketing'])).toBe('digital_marketing');
  });

  it('counts each skill once, matches whole words only, and starts blank when nothing points anywhere', () => {
    // "Java" is not in "JavaScript", "SEO writing" is writing more than marketing.
    expect(suggestTemplate(['SEO writing', 'Blog'])).toBe('content_writing');
    expect(suggestTemplate(['Bookkeeping', 'QuickBooks'], 'accountant')).toBe('custom');
    expect(suggestTemplate([], '')).toBe('custom');
    // The keywords tip a mixed profile.
    expect(suggestTemplate(['Figma', 'React'], 'logo designer')).toBe('graphic_design');
  });
});
