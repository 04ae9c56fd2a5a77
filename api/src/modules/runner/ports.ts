import type { Agent } from '@shared/schemas/agent';
import type { Job } from '@shared/schemas/job';
import type { User } from '@shared/schemas/user';
import type { Proof } from '@shared/letters/proofs';
import type { ScreeningAnswer } from '@shared/schemas/letter';
import type { Tx } from '../../store/sqlite/client';
import type { QuotaContext } from '../proposals/cover-letter-quota';

export { silentNotifier, type NoticeKind, type NotifierPort } from '../notices/ports';

/** Writes a cover letter for one job (the AI writer, or the sandbox's offline writer). */
export interface WriterPort {
  /** `ai`: the configured model; `offline`: the embedded offline writer (the letters metric's label). */
  readonly kind?: 'ai' | 'offline';
  write(input: {
    agent: Agent;
    profile: User;
    job: Job;
    proofs?: readonly Proof[];
    screeningQuestions?: readonly string[];
  }): Promise<{ text: string; writer: 'ai' | 'offline'; screeningAnswers?: ScreeningAnswer[]; concern?: string }>;
}

/**
 * The plan's daily cover-letter quota, written in the caller's store transaction (`tx`): `take`
 * takes up to `letters` and answers how many it took, fewer once the day's are used up (`known`:
 * the user's zone and plan, already read).
 */
export interface QuotaPort {
  take(tx: Tx, userId: string, now: Date, letters: number, known?: QuotaContext): Promise<number>;
  /** Gives back `letters` (one by default) taken at `takenAt` (never written, or its draft discarded). */
  refund(tx: Tx, userId: string, takenAt: Date, letters?: number): Promise<unknown>;
}
