import type { User } from '@shared/schemas/user';

/**
 * The `profile` table's row: the user's profile as the server holds it with the user's unsent
 * changes on top, and `server` the server's copy while there are any (see records.ts).
 */
export type ProfileRow = User & { server?: User };
