import { z } from '../zod';
import { codeSchema, signinPasswordSchema } from '../validation';

/**
 * The user's rights over their data (`/api/account/*`): "Download my data" (an archive built in the
 * background, kept a while) and "Delete my account" (a grace period in which the mailed link cancels).
 */

/** How long a finished archive can be downloaded. */
export const EXPORT_KEEP_DAYS = 7;
/** How long a deleted account waits, frozen, before it is erased (the mailed link cancels it until then). */
export const DELETION_GRACE_DAYS = 7;

export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['building', 'ready', 'failed', 'expired']),
  /** Percent done while it builds. */
  progress: z.number().int().min(0).max(100),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  /** When the archive is dropped (ready ones). */
  expiresAt: z.string().nullable(),
  /** The archive's size in bytes (ready ones). */
  size: z.number().int().nonnegative().nullable(),
  fileName: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** `GET` and `POST /api/account/export`: the latest export (none yet: null). */
export const dataExportResponseSchema = z.object({ data: dataExportSchema.nullable() });
export type DataExportResponse = z.infer<typeof dataExportResponseSchema>;

export const exportIdParamSchema = z.object({ id: z.uuid() });

/** `POST /api/account/deletion`: the account's password, or the code `POST /api/account/deletion/code` mailed. */
export const deleteAccountBodySchema = z
  .object({ password: signinPasswordSchema.optional(), code: codeSchema.optional() })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), 'Give the password or the code');
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

export const deletionScheduledResponseSchema = z.object({
  data: z.object({
    /** When the account is erased unless the mailed link cancels it first. */
    purgeAfter: z.string(),
  }),
});
export type DeletionScheduledResponse = z.infer<typeof deletionScheduledResponseSchema>;

/** `POST /api/account/deletion/cancel`: the token of the mailed link. */
export const cancelDeletionBodySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not complete. Open it from the email again.'),
});
export type CancelDeletionBody = z.input<typeof cancelDeletionBodySchema>;
