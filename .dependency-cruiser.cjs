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
  rights: ['accounts', 'agents', 'billing', 'mail', 'marketplaces'],
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

/** A forbidden import: from files matching `from` (tests aside unless `fromNot` says otherwise) to files matching `to`. */
const forbid = (name, comment, from, to, fromNot = testFile) => ({
  name,
  comment,
  severity: 'error',
  from: fromNot ? { path: from, pathNot: fromNot } : { path: from },
  to: typeof to === 'string' ? { path: to } : to,
});

/** One rule per folder of `graph` (folder -> folders it may import) under `base`. */
const graphRules = (prefix, base, graph) =>
  Object.entries(graph).map(([name, allowed]) =>
    forbid(
      `${prefix}-${name}`,
      `${base}${name} may import only: ${allowed.length ? allowed.join(', ') : 'none of its siblings'}`,
      `^${base}${name}/`,
      `^${base}(?!(?:${[name, ...allowed].join('|')})/)[^/]+/`,
    ),
  );

const pwaLayerRules = Object.entries(PWA_LAYERS).map(([folder, rank]) => {
  const notBelow = Object.keys(PWA_LAYERS).filter((other) => other !== folder && PWA_LAYERS[other] <= rank);
  return forbid(
    `pwa-layer-${folder}`,
    `pwa/src/${folder} never imports ${notBelow.join(', ')} or the entry points (PWA_LAYERS)`,
    `^pwa/src/${folder}/`,
    `^pwa/src/(${[...notBelow, 'boot'].join('|')})/|^pwa/src/(main|prerender)\\.tsx$|^pwa/src/sw\\.ts$`,
  );
});

module.exports = {
  forbidden: [
    forbid(
      'no-circular',
      'An import cycle (runtime or type): split the shared part out, or invert it with a port.',
      '^(api|pwa|shared)/',
      { circular: true },
      null,
    ),
    forbid('shared-stays-shared', 'shared/ is the contract both sides import; it depends on neither.', '^shared/', '^(api|pwa)/', null),
    forbid(
      'api-kernel-at-the-bottom',
      'The kernel imports no store, module or app code.',
      '^api/src/kernel/',
      '^api/src/(store|modules|testing)/|^api/src/(app|main)\\.ts$',
    ),
    forbid(
      'api-store-below-modules',
      'The store imports the kernel only.',
      '^api/src/store/',
      '^api/src/(modules|testing)/|^api/src/(app|main)\\.ts$',
    ),
    forbid(
      'api-modules-below-app',
      'A module never imports the app that combines the modules.',
      '^api/src/modules/',
      '^api/src/(testing)/|^api/src/(app|main)\\.ts$',
    ),
    ...graphRules('api-module', 'api/src/modules/', API_MODULES),
    ...pwaLayerRules,
    ...graphRules('pwa-feature', 'pwa/src/features/', PWA_FEATURES),
    forbid(
      'api-module-kit',
      'modules/context.ts (what every module is given) imports the kernel and the store, no module.',
      '^api/src/modules/[^/]+\\.ts$',
      '^api/src/modules/[^/]+/',
      null,
    ),
    forbid(
      'api-adapters-apart-from-their-twins',
      "A product file never imports a sandbox twin; only a module's module.ts mounts one.",
      '^api/src/modules/',
      '^api/src/modules/.*/sandbox/',
      '/sandbox/|/module\\.ts$|\\.test\\.ts$',
    ),
    forbid(
      'api-sandbox-tables-apart',
      "The sandbox's tables (store/sandbox-schema/) are read and written by the sandbox twins only, through the sandbox store: no product file imports them.",
      '^api/src/',
      '^api/src/store/sandbox-schema/',
      '/sandbox/|/sandbox\\.ts$|\\.test\\.ts$|^api/src/store/sandbox-schema/|^api/src/testing/',
    ),
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
