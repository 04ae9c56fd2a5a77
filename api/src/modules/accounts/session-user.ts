import type { UserRow } from '../../store/schema/index';

/** A request's signed-in user is the user's row (kernel/http/context.ts declares the slot; requireAuth fills it). */
declare module '../../kernel/http/context' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface SessionUser extends UserRow {}
}
