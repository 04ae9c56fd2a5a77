import { billingMessages } from '@shared/schemas/billing';

/** The server's billing messages (the specification's words) and their i18n keys. */
const KEYS: Record<string, string> = {
  [billingMessages.emailRequired]: 'payment.errors.emailRequired',
  [billingMessages.planRequired]: 'payment.errors.planRequired',
  [billingMessages.initFailed]: 'payment.errors.initFailed',
  [billingMessages.noSubscription]: 'billing.cancel.noSubscription',
  [billingMessages.cancelFailed]: 'billing.cancel.failed',
  [billingMessages.referenceNotFound]: 'payment.verify.referenceNotFound',
  [billingMessages.verifyFailed]: 'payment.verify.failed',
  [billingMessages.verifyError]: 'payment.verify.error',
  [billingMessages.pending]: 'payment.verify.pending',
};

/** The i18n key of a known billing message, if it is one. */
export function billingMessageKey(message: string | undefined | null): string | undefined {
  return message ? KEYS[message.trim()] : undefined;
}
