/**
 * Each marketplace's own ids for skills of the vocabulary (`skills-*.data.ts`), for a search that
 * filters by skill instead of by words (docs/marketplace-search.md).
 *
 * Only ids that a source shows are listed: a wrong id silently hides the right jobs, so a skill
 * whose id is not known has none here and is searched by its telling phrases instead.
 *
 * Freelancer.com `jobs[]` ids are the `id` of a project's `jobs[]` entries (external-apis.md,
 * section 1: `{ "id": 3, "name": "PHP", "category": … }`). Sources for each id:
 * - [api] a page of `GET /projects/0.1/projects/active/?job_details=true` answers saved as data in
 *   the public repository dream-well/freelancer-autobid-nextjs (containers/Mainboard/projects.js):
 *   every project's `jobs[]` gives `id`, `name` and `seo_url`;
 * - [jobs] `GET /projects/0.1/jobs/search/?job_names[]=PHP&job_names[]=website design`, the
 *   example of the official "Finding Job IDs" page; a public script that calls it prints the
 *   answer in a comment (`{'id': 3, 'name': 'PHP'}`, `{'id': 17, 'name': 'Website Design'}`).
 *
 * Upwork ontology skill ids (`ontologySkillIds_all`) and occupation ids (`occupationIds_any`):
 * none is listed yet. The reference names the filters but prints no id, and no public source
 * found so far shows one with its skill; Upwork searches go by phrases until one does.
 */

export interface MarketplaceSkillIds {
  /** Freelancer.com job (skill) ids; a project with any of them matches `jobs[]`. */
  freelancer?: readonly number[];
  /** Upwork occupation ids (`occupationIds_any`). */
  upworkOccupations?: readonly string[];
  /** Upwork ontology skill ids (`ontologySkillIds_all`: a job needs every one sent). */
  upworkSkills?: readonly string[];
}

/** Vocabulary skill id → the marketplaces' ids for it. */
export const MARKETPLACE_SKILL_IDS: Readonly<Record<string, MarketplaceSkillIds>> = {
  php: { freelancer: [3] }, // [api] [jobs] PHP
  javascript: { freelancer: [9] }, // [api] JavaScript
  python: { freelancer: [13] }, // [api] Python
  dotnet: { freelancer: [15] }, // [api] .NET (seo_url dot_net)
  'web-design': { freelancer: [17] }, // [api] [jobs] Website Design
  css: { freelancer: [77] }, // [api] CSS
  magento: { freelancer: [90] }, // [api] Magento
  // [api] Web Scraping (95), Data Scraping (1075), BeautifulSoup (1097): the vocabulary reads all three as web scraping.
  'web-scraping': { freelancer: [95, 1075, 1097] },
  django: { freelancer: [113] }, // [api] Django
  'software-architecture': { freelancer: [116] }, // [api] Software Architecture
  mysql: { freelancer: [305] }, // [api] MySQL
  html: { freelancer: [335, 323] }, // [api] HTML (335), HTML5 (323)
  hosting: { freelancer: [564] }, // [api] Web Hosting
  'game-development': { freelancer: [668] }, // [api] Game Development
  angularjs: { freelancer: [704] }, // [api] AngularJS (seo_url angular_js)
};

export const marketplaceSkillIds = (skill: string): MarketplaceSkillIds => MARKETPLACE_SKILL_IDS[skill] ?? {};
