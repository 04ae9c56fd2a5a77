import { z } from '../zod';
import { webLinkSchema } from '../validation';

/** The largest résumé file accepted, in bytes (5 MB). */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;

/** The bounds of each résumé detail; they match the agent fields they can fill. */
export const RESUME_DETAIL_LIMITS = {
  summary: 8000,
  workHistory: 8000,
  education: 4000,
  certifications: 4000,
  languages: 500,
  skills: 100,
  skillLength: 60,
  links: 20,
  linkLength: 500,
} as const;

const L = RESUME_DETAIL_LIMITS;

/**
 * What a résumé says, section by section (derived from its text by `deriveResumeDetails`, then
 * corrected by the user). Every field may be empty: nothing is ever invented.
 */
export const resumeDetailsSchema = z
  .object({
    summary: z.string().trim().max(L.summary),
    skills: z
      .array(z.string().trim().min(1).max(L.skillLength))
      .max(L.skills)
      .transform((items) => {
        const seen = new Set<string>();
        return items.filter((item) => !seen.has(item.toLowerCase()) && seen.add(item.toLowerCase()));
      }),
    workHistory: z.string().trim().max(L.workHistory),
    education: z.string().trim().max(L.education),
    certifications: z.string().trim().max(L.certifications),
    languages: z.string().trim().max(L.languages),
    links: z.array(webLinkSchema(L.linkLength)).max(L.links),
  })
  .strict();
export type ResumeDetails = z.output<typeof resumeDetailsSchema>;

/** `GET /api/users/{id}/resume-status`. */
export const resumeStatusSchema = z.object({
  hasResume: z.boolean(),
  fileName: z.string().optional(),
  uploadedAt: z.string().optional(),
  size: z.number().int().nonnegative().optional(),
});
export type ResumeStatus = z.infer<typeof resumeStatusSchema>;

/** `POST /api/users/{id}/resume`: what was stored and what the résumé says. */
export const resumeUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ status: resumeStatusSchema, details: resumeDetailsSchema }),
});
export type ResumeUploadResponse = z.infer<typeof resumeUploadResponseSchema>;

/** `GET`/`PUT /api/users/{id}/resume-details`: null when no résumé was uploaded. */
export const resumeDetailsResponseSchema = z.object({ data: resumeDetailsSchema.nullable() });
export type ResumeDetailsResponse = z.infer<typeof resumeDetailsResponseSchema>;
