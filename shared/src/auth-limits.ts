/**
 * The account flow's timings and limits, without zod, so a screen can show a cooldown before it
 * loads the schemas (`./schemas/auth` re-exports them).
 */
export const RESEND_COOLDOWN_SECONDS = 60;
export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_ATTEMPTS = 5;
export const SESSION_DAYS = 30;
