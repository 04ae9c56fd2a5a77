import { z } from '../zod';
import { planIdSchema } from '../plans';
import { paymentStatusSchema } from './billing';

/** What a support request is about (the form's first choice, and how staff sort them). */
export const SUPPORT_TOPICS = ['billing', 'agents', 'marketplace', 'account', 'other'] as const;
export const supportTopicSchema = z.enum(SUPPORT_TOPICS);
export type SupportTopic = z.infer<typeof supportTopicSchema>;

export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 5000;

export const supportMessages = {
  messageMin: `Please describe the problem in at least ${SUPPORT_MESSAGE_MIN} characters`,
  messageMax: `Must be at most ${SUPPORT_MESSAGE_MAX} characters`,
  unknownReference: 'That payment or proposal is not one of yours',
  verifyFirst: 'Please verify your email address before contacting support: we answer at that address.',
} as const;

/** A payment (its reference) or a proposal (its job item id) the request is about. */
export const supportReferenceSchema = z.object({
  kind: z.enum(['payment', 'proposal']),
  id: z.string().trim().min(1).max(100),
});
export type SupportReference = z.infer<typeof supportReferenceSchema>;

/** `POST /api/support/requests`: attachments are off (the form says so). */
export const createSupportRequestBodySchema = z
  .object({
    topic: supportTopicSchema,
    message: z.string().trim().min(SUPPORT_MESSAGE_MIN, supportMessages.messageMin).max(SUPPORT_MESSAGE_MAX, supportMessages.messageMax),
    reference: supportReferenceSchema.nullable().optional(),
  })
  .strict();
export type CreateSupportRequestBody = z.infer<typeof createSupportRequestBodySchema>;

export const supportRequestSchema = z.object({
  /** The ticket number the user and staff quote (SUP-000042; payment references start with BP-, so the two are never confused). */
  ticket: z.string(),
  topic: supportTopicSchema,
  message: z.string(),
  reference: supportReferenceSchema.nullable(),
  /** What the reference names, for the list (a plan and amount, a job title). */
  referenceLabel: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  createdAt: z.string(),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

export const supportRequestListSchema = z.object({ data: z.array(supportRequestSchema) });
export const supportRequestCreatedSchema = z.object({ success: z.literal(true), data: supportRequestSchema });

/** What the form offers to refer to: the user's recent payments and proposals. */
export const supportReferencesSchema = z.object({
  /**
   * `label` is the English line staff read (plan · amount · status); the form shows the plan's name,
   * the amount and the status in the user's language from the fields beside it.
   */
  payments: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      at: z.string(),
      plan: planIdSchema,
      /** In the currency's smallest unit. */
      amount: z.number().int(),
      currency: z.string(),
      status: paymentStatusSchema,
    }),
  ),
  proposals: z.array(z.object({ id: z.string(), label: z.string(), at: z.string() })),
});
export type SupportReferences = z.infer<typeof supportReferencesSchema>;

/** Where a visitor who cannot sign in writes to support (the operator's SUPPORT_EMAIL). */
export const supportContactSchema = z.object({ email: z.email() });
export type SupportContact = z.infer<typeof supportContactSchema>;

export const ticketNumber = (id: number) => `SUP-${String(id).padStart(6, '0')}`;
