/**
 * Imports only run down (checked in CI by `npm run deps:check`).
 *
 * api/src:  kernel  <  store  <  modules/* (in the order below)  <  app.ts, main.ts
 *           testing/ (harnesses and fakes) is imported by tests only.
 * pwa/src:  entry points < app < features (in a declared graph) < ui, session < stores < sync < data < lib.
 * shared/:  imports nothing of api/ or pwa/.
 * No cycles anywhere, counting `import type` too (a type cycle is a design cycle all the same).
 * The sandbox's tables (store/sandbox-schema/) are imported by the sandbox twins alone.
 */

/**
 * The API's domain modules, lowest first, each with the modules it may import. A module may import
 * the kernel, the store, `@shared` and the modules listed here; never one above it.
 */
const API_MODULES = {
  mail: [],
  accounts: ['mail'],
  activity: [],
  billing: ['accounts', 'activity', 'mail'],
  proposals: ['activity', 'billing'],
  agents: ['activity', 'billing', 'proposals'],
  writer: [],
  resume: [],
  marketplaces: ['accounts', 'agents', 'proposals'],
  notices: ['accounts'],
  runner: ['accounts', 'activity', 'agents', 'billing', 'marketplaces', 'notices', 'proposals', 'resume', 'writer'],
  support: ['mail'],
  sync: ['accounts', 'agents', 'billing', 'proposals'],
  health: [],
};

/**
 * The PWA's folders by layer, top first (main.tsx, prerender.tsx, sw.ts and boot/ sit above them
 * all): a folder imports only folders of a lower layer (and @shared); folders of one layer
 * (ui and session) do not import each other.
 */
const PWA_LAYERS = { app: 0, features: 1, ui: 2, session: 2, stores: 3, sync: 4, data: 5, lib: 6 };

/** The PWA's features, each with the features it may import (none imports `app/`; no cycle between them). */
const PWA_FEATURES = {
  agents: ['search', 'stats'],
  auth: ['marketplaces'],
  billing: ['plans'],
  dashboard: ['agents', 'billing', 'notifications', 'stats'],
  legal: [],
  marketing: ['plans'],
  marketplaces: [],
  'not-found': [],
  notifications: [],
  onboarding: ['agents', 'marketplaces', 'search', 'settings'],
  plans: [],
  search: ['marketplaces'],
  settings: ['billing', 'marketplaces', 'notifications', 'plans'],
  stats: [],
  support: [],
  'sync-status': [],
};

const testFile = '\\.test\\.tsx?$';

const pwaLayerRules = Object.entries(PWA_LAYERS).map(([folder, rank]) => {
  const notBelow = Object.entries(PWA_LAYERS)
    .filter(([other, otherRank]) => other !== folder && otherRank <= rank)
    .map(([other]) => other);
  return {
    name: `pwa-layer-${folder}`,
    comment: `pwa/src/${folder} never imports ${notBelow.join(', ')} or the entry points (PWA_LAYERS)`,
    severity: 'error',
    from: { path: `^pwa/src/${folder}/`, pathNot: testFile },
    to: { path: `^pwa/src/(${[...notBelow, 'boot'].join('|')})/|^pwa/src/(main|prerender)\\.tsx$|^pwa/src/sw\\.ts$` },
  };
});

const pwaFeatureRules = Object.entries(PWA_FEATURES).map(([name, allowed]) => ({
  name: `pwa-feature-${name}`,
  comment: `features/${name} may import only: ${allowed.length ? allowed.join(', ') : 'no other feature'} (see PWA_FEATURES)`,
  severity: 'error',
  from: { path: `^pwa/src/features/${name}/`, pathNot: testFile },
  to: { path: `^pwa/src/features/(?!(?:${[name, ...allowed].join('|')})/)[^/]+/` },
}));

const moduleRules = Object.entries(API_MODULES).map(([name, allowed]) => ({
  name: `api-module-${name}`,
  comment: `modules/${name} may import only: ${allowed.length ? allowed.join(', ') : 'no other module'} (see API_MODULES)`,
  severity: 'error',
  from: { path: `^api/src/modules/${name}/`, pathNot: '\\.test\\.ts$' },
  to: { path: `^api/src/modules/(?!(?:${[name, ...allowed].join('|')})/)[^/]+/` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle (runtime or type): split the shared part out, or invert it with a port.',
      severity: 'error',
      from: { path: '^(api|pwa|shared)/' },
      to: { circular: true },
    },
    {
      name: 'shared-stays-shared',
      comment: 'shared/ is the contract both sides import; it depends on neither.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(api|pwa)/' },
    },
    {
      name: 'api-kernel-at-the-bottom',
      comment: 'The kernel imports no store, module or app code.',
      severity: 'error',
      from: { path: '^api/src/kernel/', pathNot: '\\.test\\.ts$' },
      to: { path: '^api/src/(store|modules|testing)/|^api/src/(app|main)\\.ts$' },
    },
    {
      name: 'api-store-below-modules',
      comment: 'The store imports the kernel only.',
      severity: 'error',
      from: { path: '^api/src/store/', pathNot: '\\.test\\.ts$' },
      to: { path: '^api/src/(modules|testing)/|^api/src/(app|main)\\.ts$' },
    },
    {
      name: 'api-modules-below-app',
      comment: 'A module never imports the app that combines the modules.',
      severity: 'error',
      from: { path: '^api/src/modules/', pathNot: '\\.test\\.ts$' },
      to: { path: '^api/src/(testing)/|^api/src/(app|main)\\.ts$' },
    },
    ...moduleRules,
    ...pwaLayerRules,
    ...pwaFeatureRules,
    {
      name: 'api-module-kit',
      comment: 'modules/context.ts (what every module is given) imports the kernel and the store, no module.',
      severity: 'error',
      from: { path: '^api/src/modules/[^/]+\\.ts$' },
      to: { path: '^api/src/modules/[^/]+/' },
    },
    {
      name: 'api-adapters-apart-from-their-twins',
      comment: "A product file never imports a sandbox twin; only a module's module.ts mounts one.",
      severity: 'error',
      from: { path: '^api/src/modules/', pathNot: `/sandbox/|/module\\.ts$|\\.test\\.ts$` },
      to: { path: '^api/src/modules/.*/sandbox/' },
    },
    {
      name: 'api-sandbox-tables-apart',
      comment:
        "The sandbox's tables (store/sandbox-schema/) are read and written by the sandbox twins only, through the sandbox store: no product file imports them.",
      severity: 'error',
      from: { path: '^api/src/', pathNot: '/sandbox/|/sandbox\\.ts$|\\.test\\.ts$|^api/src/store/sandbox-schema/|^api/src/testing/' },
      to: { path: '^api/src/store/sandbox-schema/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    // `import type` counts: a type-only cycle is still a cycle in the design.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
