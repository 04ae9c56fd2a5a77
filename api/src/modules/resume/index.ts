import { eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import { deriveResumeDetails } from '@shared/resume-details';
import { RESUME_DETAIL_LIMITS, RESUME_MAX_BYTES, resumeDetailsSchema, type ResumeDetails, type ResumeStatus } from '@shared/schemas/resume';
import { PROFILE_OVERVIEW_MAX, PROFILE_WORK_HISTORY_MAX } from '@shared/schemas/user';
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../store/sqlite/client';
import { first, type Store } from '../../store/store';
import { preparedOnce } from '../../store/prepared';
import { tablesOf, type Tables } from '../../store/schema/index';
import { AppError, notFound } from '../../kernel/errors';
import { updateSynced } from '../../store/synced-writes';
import { stampFieldVersions } from '../../store/field-versions';
import { detectResumeKind, RESUME_MIME_TYPES, type ResumeKind } from './detect';
import { extractResumeText, ResumeReadError } from './extract';
import { checkZipExpansion, ZipTooLarge, ZipUnreadable } from './zip';
import { checkPdfExpansion, PdfTooLarge } from './pdf';

export { detectResumeKind, zipEntryNames, type ResumeKind } from './detect';
export { extractResumeText, ResumeReadError } from './extract';

/** The most a Word file may unpack to (text, styles and pictures together). */
export const RESUME_UNPACKED_MAX_BYTES = 10 * 1024 * 1024;
/** Word files hold a few dozen parts; thousands is an attack on the parser. */
const RESUME_MAX_ZIP_ENTRIES = 2000;
/**
 * The most a PDF's compressed streams may inflate to together (page text, fonts and pictures: a
 * PDF holds its pictures and fonts compressed as Flate streams too, hence more room than a Word file).
 */
export const RESUME_PDF_INFLATED_MAX_BYTES = 25 * 1024 * 1024;
/** A résumé PDF has tens to a few hundred compressed streams. */
const RESUME_MAX_PDF_STREAMS = 5000;

export const RESUME_MESSAGES = {
  missing: 'Choose a file to upload.',
  wrongType: 'Upload your résumé as a PDF or Word (.docx) file.',
  tooLarge: 'Your résumé must be at most 5 MB.',
  unpacksTooLarge: 'This Word file unpacks to more than 10 MB. Save it again with smaller pictures, or upload a PDF.',
  pdfUnpacksTooLarge: 'This PDF unpacks to more than 25 MB. Save it again with smaller pictures, or upload a Word file.',
  busy: 'We are reading other résumés right now. Please try again in a minute.',
  unreadable: 'We could not read text from this file.',
  none: 'No résumé uploaded yet',
} as const;

/** An error with a status its code does not carry (422 for a file that cannot be read). */
class StatusError extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    private readonly fixedStatus: 422,
  ) {
    super(code, message);
  }
  override get status() {
    return this.fixedStatus;
  }
}

export const resumeTooLarge = () => new AppError(ErrorCode.payloadTooLarge, RESUME_MESSAGES.tooLarge);

export interface ReadResume {
  kind: ResumeKind;
  mimeType: string;
  text: string;
  details: ResumeDetails;
}

/** Checks a file's size and real type, reads its text and derives its details; throws the answer to give. */
export async function readResume(bytes: Uint8Array, options: { timeoutMs?: number } = {}): Promise<ReadResume> {
  if (bytes.byteLength === 0) throw new AppError(ErrorCode.validation, RESUME_MESSAGES.missing);
  if (bytes.byteLength > RESUME_MAX_BYTES) throw resumeTooLarge();
  const kind = detectResumeKind(bytes);
  if (!kind) throw new AppError(ErrorCode.validation, RESUME_MESSAGES.wrongType);
  let text: string;
  try {
    // A Word file is a ZIP: proven to unpack to at most 10 MB before the parser sees it.
    if (kind === 'docx') await checkZipExpansion(bytes, { maxTotal: RESUME_UNPACKED_MAX_BYTES, maxEntries: RESUME_MAX_ZIP_ENTRIES });
    // A PDF's Flate streams likewise: proven to inflate to at most 25 MB together before pdf.js reads them.
    else await checkPdfExpansion(bytes, { maxTotal: RESUME_PDF_INFLATED_MAX_BYTES, maxStreams: RESUME_MAX_PDF_STREAMS });
    text = await extractResumeText(bytes, kind, options);
  } catch (error) {
    if (error instanceof ZipTooLarge) throw new AppError(ErrorCode.payloadTooLarge, RESUME_MESSAGES.unpacksTooLarge);
    if (error instanceof PdfTooLarge) throw new AppError(ErrorCode.payloadTooLarge, RESUME_MESSAGES.pdfUnpacksTooLarge);
    if (error instanceof ResumeReadError || error instanceof ZipUnreadable)
      throw new StatusError(ErrorCode.validation, RESUME_MESSAGES.unreadable, 422);
    throw error;
  }
  return { kind, mimeType: RESUME_MIME_TYPES[kind], text, details: deriveResumeDetails(text) };
}

/** "C:\\fakepath\\cv.pdf" → "cv.pdf"; control characters dropped; at most 200 characters. */
export function cleanFileName(name: string | undefined, kind: ResumeKind): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return base || `resume.${kind}`;
}

/** A text cut at its last whole line within `max` characters (or hard at `max`). */
function bounded(text: string, max: number): string {
  const value = text.trim();
  if (value.length <= max) return value;
  const cut = value.lastIndexOf('\n', max);
  return (cut > max / 2 ? value.slice(0, cut) : value.slice(0, max)).trim();
}

/** `existing` first, then the new items not already there (case-insensitive), at most `max`. */
function merge(existing: readonly string[], added: readonly string[], max: number): string[] {
  const seen = new Set(existing.map((item) => item.toLowerCase()));
  const out = [...existing];
  for (const item of added) {
    if (out.length >= max) break;
    if (seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    out.push(item);
  }
  return out;
}

const statusOf = (row: Tables['resumes']['$inferSelect'] | undefined): ResumeStatus =>
  row ? { hasResume: true, fileName: row.fileName, uploadedAt: row.uploadedAt.toISOString(), size: row.size } : { hasResume: false };

export interface ResumeDeps {
  store: Store;
  clock: Clock;
}

/**
 * Stores the résumé (replacing any earlier one) and fills the profile from it, in one transaction:
 * its skills and links are added to the user's own (kept first, no duplicates), its summary and work
 * history fill the profile's overview and work history when those are empty, read in the
 * transaction that writes them so a profile edit in between is merged, not overwritten. The profile
 * change is logged so the user's other devices sync it.
 */
export function saveResume(
  deps: ResumeDeps,
  userId: string,
  file: { name: string; size: number },
  read: ReadResume,
): Promise<ResumeStatus> {
  const now = deps.clock.now();
  return deps.store.tx(async (tx) => {
    const { resumes, users } = tablesOf(tx);
    const user = await first(
      tx
        .select({
          skills: users.skills,
          portfolioLinks: users.portfolioLinks,
          profileOverview: users.profileOverview,
          workHistory: users.workHistory,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1),
    );
    if (!user) throw notFound('User not found');
    const values = {
      fileName: file.name,
      mimeType: read.mimeType,
      size: file.size,
      text: read.text,
      details: read.details,
      uploadedAt: now,
      updatedAt: now,
    };
    const [stored] = await tx
      .insert(resumes)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: resumes.userId, set: values })
      .returning();
    const filled: Record<string, unknown> = {};
    const skills = merge(user.skills, read.details.skills, RESUME_DETAIL_LIMITS.skills);
    const portfolioLinks = merge(user.portfolioLinks, read.details.links, RESUME_DETAIL_LIMITS.links);
    if (skills.length !== user.skills.length) filled.skills = skills;
    if (portfolioLinks.length !== user.portfolioLinks.length) filled.portfolioLinks = portfolioLinks;
    // The summary and work history fill the profile's overview and work history where the user has none.
    const summary = bounded(read.details.summary, PROFILE_OVERVIEW_MAX);
    const history = bounded(read.details.workHistory, PROFILE_WORK_HISTORY_MAX);
    if (!user.profileOverview?.trim() && summary) filled.profileOverview = summary;
    if (!user.workHistory?.trim() && history) filled.workHistory = history;
    const changed = Object.keys(filled);
    if (changed.length > 0) {
      await updateSynced(
        tx,
        'users',
        { ...filled, fieldVersions: stampFieldVersions(users.fieldVersions, users.version, changed) },
        (users) => eq(users.id, userId),
        now,
      );
    }
    return statusOf(stored);
  });
}

export async function resumeStatus(store: Store, userId: string): Promise<ResumeStatus> {
  const { resumes } = tablesOf(store.db);
  return statusOf(await first(store.db.select().from(resumes).where(eq(resumes.userId, userId)).limit(1)));
}

/**
 * The stored details (re-validated; a row that no longer fits the schema gives the text's details
 * again), read through `db`: the store's current handle (`store.db`).
 */
export async function resumeDetails(db: Tx, userId: string): Promise<ResumeDetails | null> {
  const row = await preparedOnce(detailsStatements, db, prepareDetails).get({ userId });
  if (!row) return null;
  const parsed = resumeDetailsSchema.safeParse(row.details);
  return parsed.success ? parsed.data : deriveResumeDetails(row.text);
}

// Read for every letter the runner writes: prepared once per connection.
const detailsStatements = new WeakMap<object, ReturnType<typeof prepareDetails>>();
const prepareDetails = (db: Tx) => {
  const { resumes } = tablesOf(db);
  return db
    .select({ details: resumes.details, text: resumes.text })
    .from(resumes)
    .where(eq(resumes.userId, sql.placeholder('userId')))
    .prepare();
};

/** Saves the user's corrections to the details; 404 when there is no résumé. */
export async function updateResumeDetails(deps: ResumeDeps, userId: string, details: ResumeDetails): Promise<ResumeDetails> {
  const [row] = await deps.store.tx((tx) => {
    const { resumes } = tablesOf(tx);
    return tx
      .update(resumes)
      .set({ details, updatedAt: deps.clock.now() })
      .where(eq(resumes.userId, userId))
      .returning({ userId: resumes.userId });
  });
  if (!row) throw notFound(RESUME_MESSAGES.none);
  return details;
}

/** Removes the résumé (the skills and links it added to the profile stay: they are the user's now). */
export async function deleteResume(store: Store, userId: string): Promise<boolean> {
  const removed = await store.tx((tx) => {
    const { resumes } = tablesOf(tx);
    return tx.delete(resumes).where(eq(resumes.userId, userId)).returning({ userId: resumes.userId });
  });
  return removed.length > 0;
}
