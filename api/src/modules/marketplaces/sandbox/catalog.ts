/**
 * The vocabulary the sandbox marketplaces draw projects from: categories with their skills (ids in
 * the style of Freelancer's job ids; Freelancer.com's own id where shared/src/matching/
 * marketplace-skills.data.ts knows it, so a `jobs[]` search finds the same skill here), title and
 * description templates, currencies and countries.
 */

export interface Skill {
  id: number;
  name: string;
  seo: string;
}

export interface Category {
  id: number;
  name: string;
  skills: Skill[];
  /** Title templates; `{skill}` and `{thing}` are filled in. */
  titles: string[];
  things: string[];
  /** Sentences describing the work; `{skill}`, `{skill2}` and `{thing}` are filled in. */
  tasks: string[];
  deliverables: string[];
  /** The share of its projects that carry one of RED_FLAG_LINES (none when absent). */
  redFlagShare?: number;
}

const skill = (id: number, name: string): Skill => ({
  id,
  name,
  seo: name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, ''),
});

export const CATEGORIES: Category[] = [
  {
    id: 1,
    name: 'Websites, IT & Software',
    skills: [
      skill(3, 'PHP'),
      skill(9, 'JavaScript'),
      skill(13, 'Python'),
      skill(1017, 'WordPress'),
      skill(335, 'HTML'),
      skill(759, 'React.js'),
      skill(500, 'Node.js'),
      skill(1092, 'TypeScript'),
      skill(1095, 'Laravel'),
      skill(598, 'Shopify'),
    ],
    titles: [
      'Build a {thing} with {skill}',
      '{skill} developer needed for {thing}',
      'Fix bugs and speed up our {skill} {thing}',
      'Senior {skill} engineer for an ongoing {thing}',
      'Migrate our {thing} to {skill}',
      'Small {skill} changes on an existing {thing}',
      'Integrate Stripe payments into a {skill} {thing}',
      'Create a REST API for our {thing} ({skill})',
    ],
    things: [
      'e-commerce store',
      'booking website',
      'SaaS dashboard',
      'company website',
      'customer portal',
      'landing page',
      'inventory system',
      'real estate listing site',
    ],
    tasks: [
      'We need an experienced {skill} developer to help us finish our {thing}.',
      'The current code base is written in {skill} and uses {skill2} on the front end.',
      'You will implement the remaining screens from our Figma designs and connect them to the existing API.',
      'Performance matters: pages should load in under two seconds on a mobile connection.',
      'The site must be responsive and pass basic accessibility checks.',
      'Please include tests for the main flows and keep the code readable.',
      'We already have hosting and a staging server, so you will deploy there first.',
      'Some of the work involves cleaning up old code and removing unused plugins.',
    ],
    deliverables: [
      'Source code in our Git repository with a short README.',
      'A working deployment on the staging server.',
      'A short video walking through the finished features.',
      'Documentation of any new environment variables.',
    ],
  },
  {
    id: 2,
    name: 'Mobile Phones & Computing',
    skills: [
      skill(44, 'iPhone'),
      skill(59, 'Android'),
      skill(1314, 'Flutter'),
      skill(1356, 'React Native'),
      skill(605, 'Swift'),
      skill(1401, 'Kotlin'),
      skill(1207, 'Firebase'),
      skill(977, 'Mobile App Development'),
    ],
    titles: [
      '{skill} app for a {thing}',
      'Need a {skill} developer to publish our {thing} app',
      'Add push notifications to our {skill} {thing} app',
      'Redesign and rebuild a {thing} app in {skill}',
      'Fix crashes in an existing {skill} app',
      'MVP {thing} app with {skill} and a simple admin panel',
    ],
    things: [
      'fitness tracking',
      'food delivery',
      'language learning',
      'marketplace',
      'habit tracker',
      'event ticketing',
      'telemedicine',
      'parking',
    ],
    tasks: [
      'We are looking for a {skill} developer to build the first version of our {thing} app.',
      'The backend will run on {skill2}; authentication with email and Google sign-in is required.',
      'The app should work offline and sync when the connection returns.',
      'We have wireframes for twelve screens and a clickable prototype.',
      'You will also prepare the store listings and help us through the review process.',
      'Crash-free sessions must stay above 99 percent after launch.',
      'Please describe a similar app you have shipped when you apply.',
    ],
    deliverables: [
      'A build submitted to the App Store and Google Play.',
      'The full source code and signing instructions.',
      'Two weeks of bug fixing after the launch.',
    ],
  },
  {
    id: 3,
    name: 'Design, Media & Architecture',
    skills: [
      skill(20, 'Graphic Design'),
      skill(32, 'Logo Design'),
      skill(1155, 'Figma'),
      skill(55, 'Photoshop'),
      skill(101, 'Illustrator'),
      skill(1060, 'UI / User Interface'),
      skill(1061, 'UX / User Experience'),
      skill(377, 'Video Editing'),
    ],
    titles: [
      '{skill} for a new {thing}',
      'Modern {thing} design ({skill})',
      'Looking for a {skill} expert to refresh our {thing}',
      'Quick {skill} job: {thing}',
      'Brand identity and {thing} with {skill}',
    ],
    things: [
      'coffee brand',
      'mobile banking app',
      'children book cover',
      'YouTube channel',
      'product packaging',
      'pitch deck',
      'restaurant menu',
      'trade show booth',
    ],
    tasks: [
      'We need a talented designer with strong {skill} skills for our {thing}.',
      'The style should feel friendly and modern; we will share a mood board with examples we like.',
      'Please deliver the source files as well as exports in {skill2}-friendly formats.',
      'We expect two rounds of revisions after the first concepts.',
      'Our audience is young professionals, mostly on mobile.',
      'Include three different concepts in the first round.',
    ],
    deliverables: [
      'Editable source files and PNG/SVG exports.',
      'A one-page style guide with colours and fonts.',
      'Final files ready for print and web.',
    ],
  },
  {
    id: 4,
    name: 'Writing & Content',
    skills: [
      skill(40, 'Copywriting'),
      skill(21, 'Article Writing'),
      skill(93, 'Content Writing'),
      skill(29, 'Proofreading'),
      skill(38, 'Translation'),
      skill(356, 'Ghostwriting'),
      skill(92, 'Technical Writing'),
      skill(1012, 'Blog Writing'),
    ],
    titles: [
      '{skill} for a {thing}',
      'Experienced writer for {thing} ({skill})',
      '10 blog posts about {thing}',
      '{skill}: product descriptions for a {thing}',
      'Long-term {skill} partner for our {thing}',
    ],
    things: [
      'travel blog',
      'B2B software company',
      'health and wellness site',
      'online course',
      'personal finance newsletter',
      'outdoor gear store',
      'cybersecurity whitepaper',
      'pet care brand',
    ],
    tasks: [
      'We are looking for a native-level English writer with {skill} experience for our {thing}.',
      'Each piece is 1,200 to 1,500 words, well researched and free of plagiarism.',
      'You will follow our tone of voice guide and basic SEO rules; {skill2} experience is a plus.',
      'Articles must cite reliable sources and include a short meta description.',
      'We publish twice a week, so we need a dependable schedule.',
      'A paid test article comes first; the rest of the work follows if it goes well.',
    ],
    deliverables: ['Google Docs ready to publish.', 'A list of keywords used per article.', 'Two headline options for each piece.'],
    // "Writing jobs from home" is where a real feed's fee-to-start and fake-review posts gather.
    redFlagShare: 0.3,
  },
  {
    id: 5,
    name: 'Sales & Marketing',
    skills: [
      skill(68, 'Internet Marketing'),
      skill(669, 'Social Media Marketing'),
      skill(96, 'SEO'),
      skill(1183, 'Google Ads'),
      skill(1185, 'Facebook Marketing'),
      skill(1042, 'Email Marketing'),
      skill(1250, 'Lead Generation'),
      skill(703, 'Marketing Strategy'),
    ],
    titles: [
      '{skill} campaign for a {thing}',
      'Grow our {thing} with {skill}',
      '{skill} specialist needed ({thing})',
      'Monthly {skill} management for a {thing}',
      'Audit and improve the {skill} of our {thing}',
    ],
    things: [
      'dental clinic',
      'online fashion store',
      'SaaS startup',
      'local bakery',
      'real estate agency',
      'mobile game',
      'yoga studio',
      'B2B consultancy',
    ],
    tasks: [
      'We want to grow the {thing} through {skill} over the next three months.',
      'Our monthly budget for ads is fixed; your fee is separate.',
      'You will set up tracking, report weekly and propose improvements; {skill2} knowledge helps.',
      'Our current cost per lead is too high and we want to bring it down.',
      'We need someone who can both plan the strategy and do the hands-on work.',
      'Please share results from similar campaigns when you apply.',
    ],
    deliverables: [
      'A written strategy for the first month.',
      'Weekly reports with the key figures.',
      'Campaigns set up in our own accounts.',
    ],
  },
  {
    id: 6,
    name: 'Data Science & Analytics',
    skills: [
      skill(13, 'Python'),
      skill(114, 'Excel'),
      skill(1221, 'Data Analysis'),
      skill(1140, 'Machine Learning (ML)'),
      skill(39, 'SQL'),
      skill(1489, 'Power BI'),
      skill(1096, 'Tableau'),
      skill(95, 'Web Scraping'),
    ],
    titles: [
      '{skill} dashboard for a {thing}',
      '{skill} expert to clean and analyse {thing} data',
      'Build a {skill} model to predict {thing}',
      'Automate {thing} reports with {skill}',
      'Scrape and structure {thing} listings ({skill})',
    ],
    things: [
      'sales',
      'customer churn',
      'warehouse stock',
      'marketing spend',
      'property prices',
      'support tickets',
      'energy usage',
      'survey results',
    ],
    tasks: [
      'We have two years of {thing} data in spreadsheets and a PostgreSQL database.',
      'You will clean the data, build a {skill} workflow and explain the findings in plain language.',
      'The output should refresh automatically every morning; {skill2} is already in use here.',
      'Accuracy matters more than speed, and every step must be reproducible.',
      'Please mention the tools you would use and why.',
      'The data contains personal information, so you will work on our machine through a remote session.',
    ],
    deliverables: [
      'A notebook or workbook with the full analysis.',
      'A dashboard the team can use without you.',
      'A short written summary of the results.',
    ],
  },
];

export interface Currency {
  id: number;
  code: string;
  sign: string;
  name: string;
  /** US dollars per unit. */
  exchange_rate: number;
  country: string;
  is_external: boolean;
}

export const CURRENCIES: Record<'USD' | 'EUR' | 'GBP' | 'INR' | 'AUD' | 'CAD', Currency> = {
  USD: { id: 1, code: 'USD', sign: '$', name: 'US Dollar', exchange_rate: 1, country: 'US', is_external: false },
  AUD: { id: 3, code: 'AUD', sign: '$', name: 'Australian Dollar', exchange_rate: 0.66, country: 'AU', is_external: false },
  GBP: { id: 4, code: 'GBP', sign: '£', name: 'British Pound', exchange_rate: 1.27, country: 'GB', is_external: false },
  EUR: { id: 8, code: 'EUR', sign: '€', name: 'Euro', exchange_rate: 1.08, country: 'EU', is_external: false },
  CAD: { id: 9, code: 'CAD', sign: '$', name: 'Canadian Dollar', exchange_rate: 0.73, country: 'CA', is_external: false },
  INR: { id: 11, code: 'INR', sign: '₹', name: 'Indian Rupee', exchange_rate: 0.012, country: 'IN', is_external: false },
};

export interface Country {
  code: string;
  name: string;
  cities: string[];
  currency: keyof typeof CURRENCIES;
  language: string;
  timezone: string;
}

export const COUNTRIES: Country[] = [
  {
    code: 'us',
    name: 'United States',
    cities: ['New York', 'Austin', 'Chicago', 'San Francisco', 'Miami'],
    currency: 'USD',
    language: 'en',
    timezone: 'America/New_York',
  },
  {
    code: 'gb',
    name: 'United Kingdom',
    cities: ['London', 'Manchester', 'Leeds', 'Bristol'],
    currency: 'GBP',
    language: 'en',
    timezone: 'Europe/London',
  },
  {
    code: 'ca',
    name: 'Canada',
    cities: ['Toronto', 'Vancouver', 'Montreal'],
    currency: 'CAD',
    language: 'en',
    timezone: 'America/Toronto',
  },
  {
    code: 'au',
    name: 'Australia',
    cities: ['Sydney', 'Melbourne', 'Brisbane'],
    currency: 'AUD',
    language: 'en',
    timezone: 'Australia/Sydney',
  },
  {
    code: 'in',
    name: 'India',
    cities: ['Bengaluru', 'Mumbai', 'Delhi', 'Pune'],
    currency: 'INR',
    language: 'en',
    timezone: 'Asia/Kolkata',
  },
  { code: 'de', name: 'Germany', cities: ['Berlin', 'Munich', 'Hamburg'], currency: 'EUR', language: 'de', timezone: 'Europe/Berlin' },
  { code: 'fr', name: 'France', cities: ['Paris', 'Lyon', 'Marseille'], currency: 'EUR', language: 'fr', timezone: 'Europe/Paris' },
  { code: 'es', name: 'Spain', cities: ['Madrid', 'Barcelona', 'Valencia'], currency: 'EUR', language: 'es', timezone: 'Europe/Madrid' },
  { code: 'nl', name: 'Netherlands', cities: ['Amsterdam', 'Rotterdam'], currency: 'EUR', language: 'en', timezone: 'Europe/Amsterdam' },
  { code: 'ie', name: 'Ireland', cities: ['Dublin', 'Cork'], currency: 'EUR', language: 'en', timezone: 'Europe/Dublin' },
  { code: 'ae', name: 'United Arab Emirates', cities: ['Dubai', 'Abu Dhabi'], currency: 'USD', language: 'en', timezone: 'Asia/Dubai' },
  { code: 'sg', name: 'Singapore', cities: ['Singapore'], currency: 'USD', language: 'en', timezone: 'Asia/Singapore' },
  {
    code: 'za',
    name: 'South Africa',
    cities: ['Cape Town', 'Johannesburg'],
    currency: 'USD',
    language: 'en',
    timezone: 'Africa/Johannesburg',
  },
  { code: 'br', name: 'Brazil', cities: ['São Paulo', 'Rio de Janeiro'], currency: 'USD', language: 'en', timezone: 'America/Sao_Paulo' },
  { code: 'mx', name: 'Mexico', cities: ['Mexico City', 'Guadalajara'], currency: 'USD', language: 'es', timezone: 'America/Mexico_City' },
  { code: 'ng', name: 'Nigeria', cities: ['Lagos', 'Abuja'], currency: 'USD', language: 'en', timezone: 'Africa/Lagos' },
  { code: 'jp', name: 'Japan', cities: ['Tokyo', 'Osaka'], currency: 'USD', language: 'en', timezone: 'Asia/Tokyo' },
  { code: 'se', name: 'Sweden', cities: ['Stockholm', 'Gothenburg'], currency: 'EUR', language: 'en', timezone: 'Europe/Stockholm' },
  { code: 'ch', name: 'Switzerland', cities: ['Zurich', 'Geneva'], currency: 'EUR', language: 'de', timezone: 'Europe/Zurich' },
  { code: 'nz', name: 'New Zealand', cities: ['Auckland', 'Wellington'], currency: 'AUD', language: 'en', timezone: 'Pacific/Auckland' },
];

export const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Priya',
  'Noah',
  'Sofia',
  'Mateo',
  'Aisha',
  'Lucas',
  'Hannah',
  'Kenji',
  'Chloe',
  'Ethan',
  'Fatima',
  'Jonas',
  'Amara',
  'Diego',
  'Emma',
  'Ravi',
  'Léa',
  'Tom',
];
export const LAST_INITIALS = 'ABCDEFGHJKLMNPRSTVW'.split('');
export const COMPANY_WORDS = ['north', 'bright', 'pixel', 'green', 'blue', 'swift', 'atlas', 'maple', 'nova', 'cedar', 'lumen', 'harbor'];

/** Budget bands in US dollars, as the marketplaces offer them. */
export const FIXED_BANDS_USD: Array<[number, number]> = [
  [30, 250],
  [250, 750],
  [750, 1500],
  [1500, 3000],
  [3000, 5000],
  [5000, 10000],
];
export const HOURLY_BANDS_USD: Array<[number, number]> = [
  [8, 15],
  [15, 25],
  [25, 50],
  [50, 90],
];

/**
 * What makes a real feed's bad posts bad, as a line a sandbox project may carry (`projects.ts`: a
 * share of a category's projects, `redFlagShare`, drawn apart from everything else about them, so
 * the other projects stay as they were): a fee to start, handling payments, leaving the platform,
 * fake reviews. The product must show them flagged and never send to them on its own.
 */
export const RED_FLAG_LINES: readonly string[] = [
  'Before you start, you pay a $25 registration fee; it is refunded with your first payment.',
  'New team members send a one-time activation fee of $40 to open their work account.',
  'To get the tasks you must pay a small onboarding fee of $30 first.',
  'Contact me on WhatsApp before bidding: we agree the work and the payment outside the platform.',
  'You will receive our customers’ payments into your own bank account and forward them to us, keeping 10%.',
  'We also need 200 five-star reviews posted from different accounts.',
];
