import { isApiError } from '../../lib/api';
import type { Translate } from '../../lib/form-errors';

/**
 * What to tell a user whose code was refused: the reason and the tries left, or, once none are
 * left, what to do next (request a new code, and when it can be entered) instead of "try again".
 */
export function codeRejectionText(t: Translate, error: unknown, reason: string): string {
  const details = isApiError(error) ? error.details : undefined;
  const attemptsLeft = details?.attemptsLeft;
  if (attemptsLeft === undefined) return reason;
  if (attemptsLeft > 0) return `${reason} ${t('auth.verify.attemptsLeft', { count: attemptsLeft })}`;
  const minutes = Math.max(1, Math.ceil((details?.retryAfterSeconds ?? 15 * 60) / 60));
  return t('auth.verify.noAttemptsLeft', { minutes });
}
