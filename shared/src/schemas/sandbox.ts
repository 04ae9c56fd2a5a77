import { z } from '../zod';

export const sandboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type SandboxMail = z.infer<typeof sandboxMailSchema>;

export const sandboxMailQuerySchema = z.object({
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const sandboxMailListSchema = z.object({ data: z.array(sandboxMailSchema) });
