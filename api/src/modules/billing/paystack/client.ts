import { z } from 'zod';
import { PaystackError } from './errors';

/**
 * Paystack's REST API as the real service speaks it (reference/external-apis.md section 3): Bearer
 * secret key, the `{ status, message, data }` envelope, amounts in subunits. With no key configured
 * the same client talks to the embedded sandbox (`…/sandbox/paystack`).
 */
export interface PaystackClientOptions {
  secretKey: string;
  /** https://api.paystack.co, or the sandbox's base URL. */
  baseUrl: string;
  /** Injected for in-process use and tests; the global fetch otherwise. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  timeoutMs?: number;
  /** Extra attempts after a 5xx or network failure (bounded; idempotent calls only, see `send`). */
  retries?: number;
  sleep?: (ms: number) => Promise<void>;
}

export const PAYSTACK_CHANNELS = ['card', 'bank', 'ussd', 'qr', 'eft', 'mobile_money', 'bank_transfer'] as const;
export type PaystackChannel = (typeof PAYSTACK_CHANNELS)[number];

export interface InitializeInput {
  email: string;
  /** Subunits (kobo, cents). */
  amount: number;
  currency: 'NGN' | 'USD';
  reference: string;
  callbackUrl: string;
  metadata: Record<string, unknown>;
  channels?: readonly PaystackChannel[];
}

export interface InitializedTransaction {
  authorizationUrl: string;
  accessCode: string;
  reference: string;
}

export interface PaystackAuthorization {
  authorizationCode: string | null;
  channel: string | null;
  brand: string | null;
  last4: string | null;
  reusable: boolean;
}

/** A transaction as verify answers it and charge.success carries it, read defensively. */
export interface PaystackTransaction {
  id: number | string | null;
  status: 'success' | 'failed' | 'abandoned' | 'reversed' | 'ongoing' | 'pending' | 'processing' | 'queued' | 'unknown';
  reference: string;
  amount: number;
  currency: string;
  channel: string | null;
  paidAt: Date | null;
  createdAt: Date | null;
  metadata: Record<string, unknown> | null;
  authorization: PaystackAuthorization | null;
  customer: { id: number | string | null; email: string | null; customerCode: string | null } | null;
  planCode: string | null;
  /** The plan's numeric id (what `GET /subscription?plan=` filters by), when the plan came as an object. */
  planId: number | string | null;
  /** The subscription that charged it, when the event or the verify answer names one. */
  subscriptionCode: string | null;
}

export interface PaystackSubscription {
  subscriptionCode: string;
  emailToken: string | null;
  status: string;
  nextPaymentDate: Date | null;
  planCode: string | null;
  customerCode: string | null;
  /** The customer's numeric id (what `GET /subscription?customer=` filters by), when the customer came as an object. */
  customerId: string | null;
  /** The card authorization the subscription charges (to start another subscription on the same card). */
  authorizationCode: string | null;
  amount: number | null;
}

const envelope = z.looseObject({ status: z.boolean(), message: z.string().optional().default(''), data: z.unknown().optional() });
const errorBody = z.looseObject({
  status: z.literal(false).optional(),
  message: z.string().optional(),
  type: z.string().optional(),
  code: z.string().optional(),
});

const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
const date = (value: unknown): Date | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
};
const record = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * A refund as `GET /refund` lists it and `GET /refund/:id` answers it: `transaction` is the refunded
 * transaction's numeric id (an object with `id` and `reference` in `POST /refund`'s answer).
 * Statuses: pending → processing → processed, or failed; needs-attention when Paystack needs the
 * customer's account details (a person retries it with them).
 */
export const PAYSTACK_REFUND_STATUSES = ['pending', 'processing', 'processed', 'failed', 'needs-attention'] as const;
export type PaystackRefundStatus = (typeof PAYSTACK_REFUND_STATUSES)[number] | 'unknown';

export interface PaystackRefund {
  id: string;
  transactionId: string | null;
  status: PaystackRefundStatus;
  amount: number;
  currency: string;
  createdAt: Date | null;
}

const idSchema = z.union([z.number(), z.string().min(1)]).transform(String);
export const paystackRefundSchema = z
  .looseObject({
    id: idSchema,
    transaction: z.union([idSchema, z.looseObject({ id: idSchema })]).nullish(),
    status: z.string().optional(),
    amount: z.union([z.number(), z.string()]).optional(),
    currency: z.string().optional(),
    createdAt: z.string().optional(),
    created_at: z.string().optional(),
  })
  .transform((r): PaystackRefund => ({
    id: r.id,
    transactionId:
      r.transaction === null || r.transaction === undefined ? null : typeof r.transaction === 'string' ? r.transaction : r.transaction.id,
    status: (PAYSTACK_REFUND_STATUSES as readonly string[]).includes(r.status ?? '') ? (r.status as PaystackRefundStatus) : 'unknown',
    amount: Number.parseInt(String(r.amount ?? ''), 10) || 0,
    currency: (r.currency ?? '').toUpperCase(),
    createdAt: date(r.createdAt ?? r.created_at),
  }));
export const paystackRefundListSchema = z.array(paystackRefundSchema);

/** `metadata` comes back as stored: an object, a JSON string, or `""`/`0` when none. */
export function parseMetadata(value: unknown): Record<string, unknown> | null {
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      return record(JSON.parse(value));
    } catch {
      return null;
    }
  }
  return record(value);
}

const TRANSACTION_STATUSES = new Set(['success', 'failed', 'abandoned', 'reversed', 'ongoing', 'pending', 'processing', 'queued']);

export function parseTransaction(raw: unknown): PaystackTransaction {
  const data = record(raw) ?? {};
  const auth = record(data.authorization);
  const customer = record(data.customer);
  const plan = data.plan;
  const status = str(data.status) ?? 'unknown';
  return {
    id: typeof data.id === 'number' || typeof data.id === 'string' ? data.id : null,
    status: (TRANSACTION_STATUSES.has(status) ? status : 'unknown') as PaystackTransaction['status'],
    reference: str(data.reference) ?? '',
    amount:
      typeof data.amount === 'number' && Number.isInteger(data.amount) ? data.amount : Number.parseInt(String(data.amount ?? ''), 10) || 0,
    currency: (str(data.currency) ?? '').toUpperCase(),
    channel: str(data.channel),
    paidAt: date(data.paid_at ?? data.paidAt),
    createdAt: date(data.created_at ?? data.createdAt),
    metadata: parseMetadata(data.metadata),
    authorization: auth
      ? {
          authorizationCode: str(auth.authorization_code),
          channel: str(auth.channel),
          brand: str(auth.brand) ?? str(auth.card_type),
          last4: str(auth.last4),
          reusable: auth.reusable === true,
        }
      : null,
    customer: customer
      ? {
          id: typeof customer.id === 'number' || typeof customer.id === 'string' ? customer.id : null,
          email: str(customer.email),
          customerCode: str(customer.customer_code),
        }
      : null,
    planCode: typeof plan === 'string' ? str(plan) : str(record(plan)?.plan_code),
    planId: typeof record(plan)?.id === 'number' || typeof record(plan)?.id === 'string' ? (record(plan)!.id as number | string) : null,
    subscriptionCode: str(data.subscription_code) ?? str(record(data.subscription)?.subscription_code),
  };
}

const idOf = (value: unknown) => (typeof value === 'number' || (typeof value === 'string' && value !== '') ? String(value) : null);

export function parseSubscription(raw: unknown): PaystackSubscription {
  const data = record(raw) ?? {};
  const code = str(data.subscription_code);
  if (!code) throw new PaystackError('malformed', 'Paystack answered a subscription without a code');
  const plan = data.plan;
  const customer = data.customer;
  return {
    subscriptionCode: code,
    emailToken: str(data.email_token),
    status: str(data.status) ?? 'unknown',
    nextPaymentDate: date(data.next_payment_date),
    planCode: typeof plan === 'string' ? str(plan) : str(record(plan)?.plan_code),
    customerCode: typeof customer === 'string' ? str(customer) : str(record(customer)?.customer_code),
    customerId: idOf(record(customer)?.id),
    authorizationCode: str(record(data.authorization)?.authorization_code),
    amount: typeof data.amount === 'number' && Number.isInteger(data.amount) ? data.amount : null,
  };
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class PaystackClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: (input: string, init: RequestInit) => Promise<Response>;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: PaystackClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.retries = Math.max(0, Math.min(options.retries ?? 2, 5));
    this.sleep = options.sleep ?? defaultSleep;
  }

  async initializeTransaction(input: InitializeInput): Promise<InitializedTransaction> {
    const data = record(
      await this.send('POST', '/transaction/initialize', {
        email: input.email,
        amount: input.amount,
        currency: input.currency,
        reference: input.reference,
        callback_url: input.callbackUrl,
        metadata: input.metadata,
        ...(input.channels ? { channels: input.channels } : {}),
      }),
    );
    const url = str(data?.authorization_url);
    const accessCode = str(data?.access_code);
    if (!url || !accessCode) throw new PaystackError('malformed', 'Paystack answered no authorization URL');
    return { authorizationUrl: url, accessCode, reference: str(data?.reference) ?? input.reference };
  }

  /** HTTP 200 even for failed payments: read `status` of the answer. */
  async verifyTransaction(reference: string): Promise<PaystackTransaction> {
    return parseTransaction(await this.send('GET', `/transaction/verify/${encodeURIComponent(reference)}`));
  }

  async createPlan(input: {
    name: string;
    amount: number;
    currency: 'NGN' | 'USD';
    interval: 'monthly';
    description?: string;
  }): Promise<{ planCode: string }> {
    const data = record(await this.send('POST', '/plan', { ...input, send_invoices: true, send_sms: false }));
    const planCode = str(data?.plan_code);
    if (!planCode) throw new PaystackError('malformed', 'Paystack answered a plan without a code');
    return { planCode };
  }

  async createSubscription(input: {
    customer: string;
    plan: string;
    authorization?: string;
    startDate?: Date;
  }): Promise<PaystackSubscription> {
    return parseSubscription(
      await this.send('POST', '/subscription', {
        customer: input.customer,
        plan: input.plan,
        ...(input.authorization ? { authorization: input.authorization } : {}),
        ...(input.startDate ? { start_date: input.startDate.toISOString() } : {}),
      }),
    );
  }

  /** `GET /subscription?customer=&plan=`: a customer's subscriptions (on a plan, when given), by ids. */
  async listSubscriptions(filter: { customer: string; plan?: string }): Promise<PaystackSubscription[]> {
    const query = new URLSearchParams({ customer: filter.customer, ...(filter.plan ? { plan: filter.plan } : {}), perPage: '100' });
    const data = await this.send('GET', `/subscription?${query}`);
    if (!Array.isArray(data)) throw new PaystackError('malformed', 'Paystack answered a subscription list that is not a list');
    return data.map(parseSubscription);
  }

  async fetchSubscription(code: string): Promise<PaystackSubscription> {
    return parseSubscription(await this.send('GET', `/subscription/${encodeURIComponent(code)}`));
  }

  async disableSubscription(input: { code: string; token: string }): Promise<void> {
    await this.send('POST', '/subscription/disable', { code: input.code, token: input.token });
  }

  /** `POST /subscription/enable` with the code and the email token: a disabled subscription renews again. */
  async enableSubscription(input: { code: string; token: string }): Promise<void> {
    await this.send('POST', '/subscription/enable', { code: input.code, token: input.token });
  }

  /** `POST /refund`: gives a successful transaction back in full (answers the refund's status). */
  async refundTransaction(reference: string): Promise<{ status: string }> {
    const data = record(await this.send('POST', '/refund', { transaction: reference }));
    return { status: str(data?.status) ?? 'pending' };
  }

  /**
   * The refund Paystack holds for a transaction (by our reference), or null when it holds none:
   * `GET /transaction/verify/:reference` for the transaction's id, then `GET /refund?transaction=<id>`
   * (the list filters by id). Of several, one that did not fail (the latest) wins over failed ones.
   * Throws when Paystack cannot be asked, so a caller never takes "could not look" for "none".
   */
  async findRefund(reference: string): Promise<PaystackRefund | null> {
    let transaction: PaystackTransaction;
    try {
      transaction = await this.verifyTransaction(reference);
    } catch (error) {
      if (error instanceof PaystackError && error.kind === 'not_found') return null;
      throw error;
    }
    if (transaction.id === null || transaction.reference !== reference) return null;
    const id = String(transaction.id);
    const listed = paystackRefundListSchema.safeParse(
      await this.send('GET', `/refund?${new URLSearchParams({ transaction: id, perPage: '100' })}`),
    );
    if (!listed.success) throw new PaystackError('malformed', 'Paystack answered a refund list that is not a list of refunds');
    const mine = listed.data.filter((refund) => refund.transactionId === id);
    const latestFirst = [...mine].sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0));
    return latestFirst.find((refund) => refund.status !== 'failed') ?? latestFirst[0] ?? null;
  }

  /**
   * One call with the envelope checked. GETs are retried after a 5xx, a timeout or a network error;
   * POSTs only when nothing reached Paystack or it answered 5xx, never after a timeout (the write
   * may have happened: a retried initialize would meet `duplicate_reference`).
   */
  private async send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let lastError: PaystackError | undefined;
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      if (attempt > 0) await this.sleep(Math.min(2000, 200 * 2 ** (attempt - 1)) + Math.floor(Math.random() * 100));
      const outcome = await this.once(method, path, body);
      if (!(outcome instanceof PaystackError)) return outcome;
      lastError = outcome;
      const timedOut = outcome.details.code === 'timeout';
      if (!outcome.retryable || (method === 'POST' && timedOut)) throw outcome;
    }
    throw lastError ?? new PaystackError('unavailable', 'Paystack is unavailable');
  }

  private async once(method: string, path: string, body: unknown): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      const timedOut = controller.signal.aborted;
      return new PaystackError(
        'unavailable',
        timedOut ? `Paystack did not answer within ${this.timeoutMs} ms` : `Paystack could not be reached: ${(error as Error).message}`,
        {
          path,
          code: timedOut ? 'timeout' : 'network',
        },
      );
    } finally {
      clearTimeout(timer);
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (response.status >= 500) {
      return new PaystackError('unavailable', `Paystack answered ${response.status}`, { status: response.status, path });
    }
    if (!response.ok) {
      const parsed = errorBody.safeParse(json);
      const info = parsed.success ? parsed.data : {};
      const message = info.message ?? `Paystack refused the request (${response.status})`;
      const kind = response.status === 401 ? 'auth' : response.status === 404 || /not found/i.test(message) ? 'not_found' : 'rejected';
      return new PaystackError(kind, message, {
        status: response.status,
        path,
        ...(info.type ? { type: info.type } : {}),
        ...(info.code ? { code: info.code } : {}),
      });
    }
    const parsed = envelope.safeParse(json);
    if (!parsed.success)
      return new PaystackError('malformed', 'Paystack answered something other than its envelope', { status: response.status, path });
    if (!parsed.data.status)
      return new PaystackError('rejected', parsed.data.message || 'Paystack refused the request', { status: response.status, path });
    return parsed.data.data;
  }
}
