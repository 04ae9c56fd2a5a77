import { z } from '../zod';
import { EXPERIMENT_METRICS, PROMPT_TEMPLATES } from './agent';

/** A rate with its counts and 95 % Wilson interval (nulls when nothing was counted). */
export const proportionSchema = z.object({
  successes: z.number().int(),
  trials: z.number().int(),
  rate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});

export const armReportSchema = z.object({
  template: z.enum(PROMPT_TEMPLATES),
  sent: z.number().int(),
  replied: proportionSchema,
  interview: proportionSchema,
  won: proportionSchema,
  probabilityBest: z.number(),
});

export const experimentReportSchema = z.object({
  experimentId: z.string(),
  metric: z.enum(EXPERIMENT_METRICS),
  arms: z.array(armReportSchema),
  sent: z.number().int(),
  leader: z.enum(PROMPT_TEMPLATES).nullable(),
  likelyWinner: z.enum(PROMPT_TEMPLATES).nullable(),
});

/** `GET /api/automations/{id}/experiment`: the agent's experiment (running or last ended) and its results. */
export const experimentReportResponseSchema = z.object({ data: experimentReportSchema.nullable() });
