/** Types of server-build.mjs (plain JavaScript so that `npm start` needs no transpiler). */
export declare const SERVER_DIR: string;
export declare const ENTRIES: Record<'start' | 'serve-api' | 'migrate' | 'backup' | 'restore' | 'pwa-build', string>;
export declare function hasSources(): boolean;
export declare function buildServer(): Promise<void>;
export declare function rebuildServer(): Promise<void>;
export declare function ensureServerBuild(entry?: keyof typeof ENTRIES, log?: (line: string) => void): Promise<string>;
/** The esbuild plugin that mends the bundled postgres.js (its connection.js). */
export declare const mendPostgresConnection: import('esbuild').Plugin;
