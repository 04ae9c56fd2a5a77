import { billingMessages } from '@shared/schemas/billing';
import { planChangeMessages } from '@shared/schemas/plan-change';

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
  [billingMessages.refunded]: 'payment.verify.refunded',
  [billingMessages.refundFailed]: 'payment.verify.refundFailed',
  [planChangeMessages.needsPayment]: 'subscribe.errors.needsPayment',
  [planChangeMessages.needsNoPayment]: 'subscribe.errors.needsNoPayment',
  [planChangeMessages.nothingToChange]: 'subscribe.errors.nothingToChange',
  [planChangeMessages.notResumable]: 'subscribe.errors.notResumable',
  [planChangeMessages.changeFailed]: 'subscribe.errors.changeFailed',
  [planChangeMessages.checkoutBusy]: 'subscribe.errors.checkoutBusy',
};

/** The i18n key of a known billing message, if it is one. */
export function billingMessageKey(message: string | undefined | null): string | undefined {
  return message ? KEYS[message.trim()] : undefined;
}
