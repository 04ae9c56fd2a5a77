import { zipEntries } from './zip';

/** What a résumé file really is, judged from its bytes (never from its name or declared type). */
export type ResumeKind = 'pdf' | 'docx';

export const RESUME_MIME_TYPES: Record<ResumeKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * The names of the entries of a ZIP archive, read from its central directory; undefined when the
 * bytes are not a well-formed ZIP.
 */
export function zipEntryNames(bytes: Uint8Array): string[] | undefined {
  return zipEntries(bytes)?.map((entry) => entry.name);
}

/** 'pdf' for bytes starting `%PDF-`, 'docx' for a ZIP holding `word/document.xml`, else undefined. */
export function detectResumeKind(bytes: Uint8Array): ResumeKind | undefined {
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') return 'pdf';
  const names = zipEntryNames(bytes);
  return names?.includes('word/document.xml') ? 'docx' : undefined;
}
