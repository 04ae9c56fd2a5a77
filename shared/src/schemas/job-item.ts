import { z } from 'zod';
import { agentPlatformSchema } from './agent';

/**
 * One marketplace job an agent picked up, and the proposal written for it. Unique per user and
 * marketplace job, created before anything is sent.
 */
export const JOB_ITEM_STATUSES = ['processing', 'draft', 'completed', 'failed', 'skipped'] as const;
export const jobItemStatusSchema = z.enum(JOB_ITEM_STATUSES);
export type JobItemStatus = z.infer<typeof jobItemStatusSchema>;

export const jobItemSchema = z.object({
  id: z.string(),
  userId: z.string(),
  agentId: z.string().nullable(),
  platform: agentPlatformSchema,
  externalId: z.string(),
  title: z.string(),
  clientName: z.string().nullable(),
  status: jobItemStatusSchema,
  budget: z.string().nullable(),
  appliedDate: z.string().nullable(),
  experienceLevel: z.string().nullable(),
  duration: z.string().nullable(),
  applyUrl: z.string().nullable(),
  lastError: z.string().nullable(),
  proposalRequirements: z.string().nullable(),
  description: z.string().nullable(),
  jobUrl: z.string().nullable(),
  matchScore: z.number().int().nullable(),
  matchReason: z.string().nullable(),
  bidAmount: z.number().nullable(),
  bidCurrency: z.string().nullable(),
  bidPeriodDays: z.number().int().nullable(),
  /** `ai` when the configured model wrote the letter, `offline` for the sandbox's offline writer. */
  writer: z.string().nullable(),
  sendAfter: z.string().nullable(),
  sentAt: z.string().nullable(),
  attempts: z.number().int(),
  outcome: z.enum(['viewed', 'replied', 'interview', 'hired', 'lost']).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type JobItem = z.infer<typeof jobItemSchema>;

export const jobItemListResponseSchema = z.object({ data: z.array(jobItemSchema) });
