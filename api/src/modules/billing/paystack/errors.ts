/** What went wrong talking to Paystack, typed so callers can answer the user well. */
export type PaystackErrorKind =
  /** 401: the secret key is wrong or revoked. */
  | 'auth'
  /** 4xx `{ status: false, message, type?, code? }`: Paystack refused the request. */
  | 'rejected'
  /** 404 or "not found" answers (unknown reference or code). */
  | 'not_found'
  /** 5xx, a timeout or a network failure, after the bounded retries. */
  | 'unavailable'
  /** A 2xx answer that is not Paystack's envelope. */
  | 'malformed';

export class PaystackError extends Error {
  override name = 'PaystackError';
  constructor(
    readonly kind: PaystackErrorKind,
    message: string,
    readonly details: { status?: number; type?: string; code?: string; path?: string } = {},
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.kind === 'unavailable';
  }
}

/** Paystack's refusal to disable a subscription that is already off ("… already inactive"): done, not failed. */
export const isAlreadyOff = (error: unknown) =>
  error instanceof PaystackError && (error.kind === 'rejected' || error.kind === 'not_found') && /inactive/i.test(error.message);

/** Paystack's refusal to enable a subscription that is already on ("… already active"): done, not failed. */
export const isAlreadyActive = (error: unknown) =>
  error instanceof PaystackError && (error.kind === 'rejected' || error.kind === 'not_found') && /already active/i.test(error.message);
