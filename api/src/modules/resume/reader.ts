import { rateLimited } from '../../kernel/errors';
import { GateBusy, OneAtATime } from '../../kernel/one-at-a-time';
import { readResume, RESUME_MESSAGES, type ReadResume } from './index';

/** Uploads that may wait while another résumé is read; more are refused (each holds up to 5 MB). */
const MAX_WAITING = 8;

/**
 * Reads résumés one at a time for the whole process: a parser's memory (pdf.js, mammoth) is only
 * partly bounded by the worker's heap limit, so two hostile files never unpack side by side.
 */
export class ResumeReader {
  private readonly gate = new OneAtATime(MAX_WAITING);

  constructor(private readonly options: { timeoutMs?: number | undefined } = {}) {}

  async read(bytes: Uint8Array): Promise<ReadResume> {
    try {
      return await this.gate.run(() => readResume(bytes, { timeoutMs: this.options.timeoutMs }));
    } catch (error) {
      if (error instanceof GateBusy) throw rateLimited(30, RESUME_MESSAGES.busy);
      throw error;
    }
  }
}
