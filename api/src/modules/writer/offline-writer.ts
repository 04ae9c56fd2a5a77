/** The embedded offline writer (the sandbox's `/sandbox/openai/v1`): what the writer and its sandbox twin both know. */

/** The only key the sandbox accepts (it is not a secret: the sandbox answers loopback clients only). */
export const SANDBOX_OPENAI_KEY = 'sk-sandbox-bidpilot-offline-writer';
/** The model name the offline writer answers with. */
export const OFFLINE_WRITER_MODEL = 'bidpilot-offline-writer';
