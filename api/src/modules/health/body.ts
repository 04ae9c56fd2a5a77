/**
 * The liveness answer: the process is up, in sandbox mode or not, at this version. Apart from the
 * routes so that the server answers it at start without loading the framework's route building.
 */
export const healthBody = (sandbox: boolean, version: string) => ({ status: 'ok' as const, sandbox, version });
