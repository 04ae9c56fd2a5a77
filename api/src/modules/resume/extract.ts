import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ResumeKind } from './detect';

/** The longest résumé text kept (a résumé is a few pages; anything past this is noise). */
export const RESUME_TEXT_MAX = 100_000;

export class ResumeReadError extends Error {
  override name = 'ResumeReadError';
}

const require = createRequire(import.meta.url);
const modules = {
  unpdf: pathToFileURL(require.resolve('unpdf')).href.replace(/\.cjs$/, '.mjs'),
  mammoth: require.resolve('mammoth'),
};

/**
 * Runs in a worker thread so a malformed or hostile file can be stopped: pdf.js and mammoth parse on
 * the thread they run on, and a promise race alone cannot interrupt a parser that never yields.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const bytes = new Uint8Array(workerData.bytes);
  let text;
  if (workerData.kind === 'pdf') {
    const { getDocumentProxy, extractText } = await import(workerData.modules.unpdf);
    const pdf = await getDocumentProxy(bytes, { isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: false });
    text = (await extractText(pdf, { mergePages: true })).text;
    await pdf.destroy();
  } else {
    const mammoth = require(workerData.modules.mammoth);
    text = (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
  }
  parentPort.postMessage({ ok: true, text: String(text ?? '') });
})().catch((error) => parentPort.postMessage({ ok: false, error: String((error && error.message) || error) }));
`;

export interface ExtractOptions {
  /** How long a file may take to read (default 15 s). */
  timeoutMs?: number;
}

/**
 * The plain text of a PDF (unpdf, pdf.js for servers) or a Word document (mammoth), read in a worker
 * thread with a time and memory limit. Throws `ResumeReadError` when no text comes out.
 */
export async function extractResumeText(bytes: Uint8Array, kind: ResumeKind, options: ExtractOptions = {}): Promise<string> {
  // A copy of exactly these bytes (a Buffer may be a view into a shared pool, and is transferred away).
  const copy = new Uint8Array(bytes).buffer;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { bytes: copy, kind, modules },
    transferList: [copy],
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
    stdout: true,
    stderr: true,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const raw = await new Promise<string>((resolve, reject) => {
      timer = setTimeout(() => reject(new ResumeReadError('reading the file took too long')), options.timeoutMs ?? 15_000);
      worker.once('message', (message: { ok: boolean; text?: string; error?: string }) =>
        message.ok ? resolve(message.text ?? '') : reject(new ResumeReadError(message.error ?? 'unreadable')),
      );
      worker.once('error', (error) => reject(new ResumeReadError(error.message)));
      worker.once('exit', (code) => reject(new ResumeReadError(`reader stopped (${code})`)));
    });
    const text = normalizeText(raw);
    if (text.replace(/\s/g, '').length < 2) throw new ResumeReadError('no text in the file');
    return text;
  } finally {
    clearTimeout(timer);
    void worker.terminate();
  }
}

/**
 * Line ends unified, control characters dropped, a broken character (an unpaired surrogate, which
 * no database stores) replaced by U+FFFD, trailing spaces and blank runs trimmed, bounded.
 */
export function normalizeText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
      .slice(0, RESUME_TEXT_MAX)
  );
}
