import type { PromptTemplateId } from './prompt-templates';

/**
 * The proposal template a new agent starts on, from the freelancer's skills and the agent's
 * keywords: a React developer starts on "Web development", a logo designer on "Graphic design".
 * Small word lists rather than the matcher's vocabulary, so the wizard stays light. Pure.
 */

type Suggestible = Exclude<PromptTemplateId, 'custom'>;

/** Words and phrases that point at each template (lower case, matched as whole words). */
const SIGNS: Readonly<Record<Suggestible, readonly string[]>> = {
  web_development: [
    'react',
    'react native',
    'angular',
    'vue',
    'svelte',
    'next.js',
    'nextjs',
    'nuxt',
    'javascript',
    'typescript',
    'node',
    'node.js',
    'express',
    'php',
    'laravel',
    'symfony',
    'wordpress',
    'shopify',
    'woocommerce',
    'magento',
    'webflow',
    'django',
    'flask',
    'fastapi',
    'python',
    'ruby',
    'rails',
    'java',
    'spring',
    'kotlin',
    'swift',
    'ios',
    'android',
    'flutter',
    'html',
    'css',
    'tailwind',
    'bootstrap',
    'sql',
    'mysql',
    'postgresql',
    'mongodb',
    'graphql',
    'api',
    'rest api',
    'aws',
    'docker',
    'kubernetes',
    'devops',
    'golang',
    'rust',
    'c#',
    '.net',
    'asp.net',
    'web development',
    'web developer',
    'full stack',
    'full-stack',
    'front end',
    'front-end',
    'frontend',
    'back end',
    'back-end',
    'backend',
    'software',
    'developer',
    'programmer',
    'programming',
    'web app',
    'mobile app',
    'website',
  ],
  graphic_design: [
    'graphic design',
    'graphic designer',
    'logo',
    'logo design',
    'branding',
    'brand identity',
    'illustrator',
    'adobe illustrator',
    'photoshop',
    'indesign',
    'figma',
    'sketch',
    'adobe xd',
    'ui design',
    'ux design',
    'ui/ux',
    'illustration',
    'canva',
    'packaging',
    'print design',
    'banner',
    'infographic',
    'motion graphics',
    'after effects',
    'video editing',
    'animation',
    'blender',
    '3d modeling',
    'designer',
  ],
  content_writing: [
    'writing',
    'writer',
    'copywriting',
    'copywriter',
    'content writing',
    'content writer',
    'blog',
    'blogging',
    'article writing',
    'articles',
    'ghostwriting',
    'editing',
    'proofreading',
    'technical writing',
    'translation',
    'translator',
    'transcription',
    'creative writing',
    'script writing',
    'scriptwriting',
    'seo writing',
    'research writing',
  ],
  digital_marketing: [
    'seo',
    'sem',
    'ppc',
    'google ads',
    'facebook ads',
    'meta ads',
    'social media',
    'social media marketing',
    'instagram',
    'tiktok',
    'email marketing',
    'mailchimp',
    'marketing',
    'digital marketing',
    'lead generation',
    'growth',
    'google analytics',
    'content marketing',
    'affiliate marketing',
    'influencer marketing',
    'advertising',
  ],
};

const ORDER: readonly Suggestible[] = ['web_development', 'graphic_design', 'content_writing', 'digital_marketing'];

const normalise = (text: string) => ` ${text.toLowerCase().replace(/\s+/g, ' ').trim()} `;

/** Whether `sign` is in `text` as whole words (a sign may hold punctuation: "node.js", "c#", "ui/ux"). */
function has(text: string, sign: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(sign, from);
    if (at < 0) return false;
    const before = text[at - 1] ?? ' ';
    const after = text[at + sign.length] ?? ' ';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}#+]/u.test(after)) return true;
    from = at + 1;
  }
}

/**
 * The template the skills and keywords point at most (each skill counts once per template, its
 * longest sign only; the keywords count as one more skill); `custom` when none points anywhere.
 * Ties go to the first in the templates' order.
 */
export function suggestTemplate(skills: readonly string[], keywords = ''): PromptTemplateId {
  const texts = [...skills, keywords].map(normalise).filter((text) => text.trim() !== '');
  let best: PromptTemplateId = 'custom';
  let bestScore = 0;
  for (const template of ORDER) {
    const score = texts.filter((text) => SIGNS[template].some((sign) => has(text, sign))).length;
    if (score > bestScore) {
      best = template;
      bestScore = score;
    }
  }
  return best;
}
