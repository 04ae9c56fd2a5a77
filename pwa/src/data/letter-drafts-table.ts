/**
 * A proposal's letter and bid as the user is editing them in the review, kept on this device while
 * they edit (autosaved), so closing the dialog, a reload or a lost tab never loses an edit. Dropped
 * when the edit is sent, saved or thrown away; cleared with the user's data.
 */
export interface LetterDraft {
  /** The job item's id. */
  id: string;
  letter: string;
  /** The bid as edited (null: the proposal's own). */
  bidAmount: number | null;
  bidPeriodDays: number | null;
  /** The item's version the edit was made on (a letter changed elsewhere since is shown as such). */
  baseVersion: number;
  savedAt: number;
}
