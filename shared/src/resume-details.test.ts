import { describe, expect, it } from 'vitest';
import { fillPrompt } from './prompt-fill';
import { deriveResumeDetails, EMPTY_RESUME_DETAILS, findLinks, resumePlaceholders, splitSkills, withResumeDetails } from './resume-details';
import { resumeDetailsSchema } from './schemas/resume';

const RESUME = `Ada Lovelace
ada@example.com · https://ada.dev · linkedin.com/in/ada-lovelace

PROFESSIONAL SUMMARY
Full-stack developer with eight years of experience building web apps.

Work Experience
Senior Engineer, Analytical Engines Ltd (2019 – 2024)
• Led the rewrite of the billing service in TypeScript.
• Mentored four developers.

Skills
TypeScript, React, Node.js • PostgreSQL | Docker
Cloud: AWS; CI/CD

Education
BSc Mathematics, University of London, 2015

Certifications & Licenses
AWS Certified Developer – Associate (2022)

Languages: English (native), French (fluent)

Interests
Chess, poetry`;

describe('deriveResumeDetails', () => {
  it('finds the sections by their headings and never invents content', () => {
    const details = deriveResumeDetails(RESUME);
    expect(details.summary).toBe('Full-stack developer with eight years of experience building web apps.');
    expect(details.workHistory).toBe(
      'Senior Engineer, Analytical Engines Ltd (2019 – 2024)\n- Led the rewrite of the billing service in TypeScript.\n- Mentored four developers.',
    );
    expect(details.skills).toEqual(['TypeScript', 'React', 'Node.js', 'PostgreSQL', 'Docker', 'AWS', 'CI/CD']);
    expect(details.education).toBe('BSc Mathematics, University of London, 2015');
    expect(details.certifications).toBe('AWS Certified Developer – Associate (2022)');
    expect(details.languages).toBe('English (native), French (fluent)');
    expect(details.links).toEqual(['https://ada.dev/', 'https://linkedin.com/in/ada-lovelace']);
    // "Interests" ends the languages section; the header (name, e-mail) goes nowhere.
    expect(JSON.stringify(details)).not.toContain('Chess');
    expect(JSON.stringify(details)).not.toContain('ada@example.com');
    expect(resumeDetailsSchema.safeParse(details).success).toBe(true);
  });

  it('reads "Heading: value" lines without moving the lines after them', () => {
    const details = deriveResumeDetails('Experience\nDeveloper at Acme\n- Tools: React, Node.js\n- Shipped the checkout\nSkills: Go');
    expect(details.workHistory).toBe('Developer at Acme\n- Shipped the checkout');
    expect(details.skills).toEqual(['React', 'Node.js', 'Go']);
  });

  it('gives empty details for text without known headings', () => {
    expect(deriveResumeDetails('Just a letter to a friend.\nNothing else here.')).toEqual(EMPTY_RESUME_DETAILS);
    expect(deriveResumeDetails('')).toEqual(EMPTY_RESUME_DETAILS);
  });

  it('stays within the schema bounds for huge input', () => {
    const long = `Experience\n${'Built things for clients every single day.\n'.repeat(1000)}Skills\n${Array.from({ length: 300 }, (_, i) => `Skill${i}`).join(', ')}\n${Array.from({ length: 40 }, (_, i) => `https://site${i}.example.com`).join(' ')}`;
    const details = deriveResumeDetails(long);
    expect(details.workHistory.length).toBeLessThanOrEqual(8000);
    expect(details.skills).toHaveLength(100);
    expect(details.links).toHaveLength(20);
    expect(resumeDetailsSchema.safeParse(details).success).toBe(true);
  });
});

describe('splitSkills and findLinks', () => {
  it('drops group labels, sentences and duplicates', () => {
    expect(splitSkills(['Frontend: React, react, Vue', 'I have worked on many large projects over the years', '- Go'])).toEqual([
      'React',
      'Vue',
      'Go',
    ]);
  });
  it('keeps real links only, without trailing punctuation', () => {
    expect(findLinks('See www.example.com/work. Mail me at a@b.co or github.com/ada, http://x')).toEqual([
      'https://www.example.com/work',
      'https://github.com/ada',
    ]);
  });
});

describe('résumé placeholders', () => {
  const details = deriveResumeDetails(RESUME);

  it('gives only the values the résumé has', () => {
    expect(resumePlaceholders(null)).toEqual({});
    expect(resumePlaceholders({ ...EMPTY_RESUME_DETAILS, education: 'BSc' })).toEqual({ upworkEducation: 'BSc' });
    expect(resumePlaceholders(details)).toMatchObject({
      upworkOverview: details.summary,
      upworkWorkHistory: details.workHistory,
      upworkLanguages: 'English (native), French (fluent)',
      skills: details.skills,
    });
  });

  it("fills the prompt only where the agent's own fields and the profile are empty", () => {
    const input = {
      agent: {
        upworkEducation: 'PhD, agent says',
        prompt: 'Edu: {{upworkEducation}}\nWork: {{upworkWorkHistory}}\nSkills: {{skills}}\nPortfolio: {{upworkPortfolio}}',
      },
      profile: { skills: ['Rust'] },
      job: { title: 'T', description: 'D' },
    };
    const filled = fillPrompt(withResumeDetails(input, details));
    expect(filled.text).toContain('Edu: PhD, agent says');
    expect(filled.text).toContain('Work: Senior Engineer');
    expect(filled.text).toContain('Skills: Rust');
    expect(filled.text).toContain('Portfolio: https://ada.dev/');
    expect(input.agent).not.toHaveProperty('upworkWorkHistory');
    const noProfileSkills = fillPrompt(withResumeDetails({ ...input, profile: {} }, details));
    expect(noProfileSkills.text).toContain('Skills: TypeScript, React');
  });
});
