/** The page's IndexedDB database (its own module: start-up asks whether it exists without loading Dexie). */
export const DB_NAME = 'bidpilot';

/**
 * Whether this browser has no database of the app yet (a new device, or its data cleared): false
 * where the browser cannot list its databases, or lists this one.
 */
export async function noDatabaseYet(factory: Pick<IDBFactory, 'databases'> | undefined = globalThis.indexedDB): Promise<boolean> {
  if (typeof factory?.databases !== 'function') return false;
  try {
    return !(await factory.databases()).some((database) => database.name === DB_NAME);
  } catch {
    return false;
  }
}
