/** The page's IndexedDB database (apart from `db.ts`, so a check for it does not load Dexie). */
export const DB_NAME = 'bidpilot';
