import { z } from './zod';
import { PLAN_IDS, type Plan } from './plan-table';

export * from './plan-table';

export const planIdSchema = z.enum(PLAN_IDS);

export const planFeatureSchema = z.object({
  key: z.string(),
  count: z.number().int().optional(),
  included: z.boolean(),
});

export const planSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  price: z.object({ usd: z.number().int().nonnegative(), naira: z.number().int().nonnegative() }),
  interval: z.enum(['month', 'forever']),
  popular: z.boolean(),
  limits: z.object({
    agents: z.number().int().positive(),
    proposalsPerDay: z.number().int().positive(),
    maxUpworkProposals: z.number().int().nonnegative(),
    maxFreelancerBids: z.number().int().nonnegative(),
    platformAccounts: z.number().int().positive(),
  }),
  features: z.array(planFeatureSchema),
}) satisfies z.ZodType<Plan>;

export const plansResponseSchema = z.object({ data: z.array(planSchema) });
export type PlansResponse = z.infer<typeof plansResponseSchema>;
