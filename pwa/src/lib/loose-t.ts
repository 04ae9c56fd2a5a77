import type { TFunction } from 'i18next';

/**
 * A loose view of the typed `t`, for keys computed at run time (a field's label, an option's name,
 * an error code, a status), which the typed `t` cannot check. Every key used is in locales/en.json
 * (the locales check and the screens' bundles test read the code for them).
 */
export type LooseT = (key: string, options?: Record<string, unknown>) => string;

export const looseT = (t: TFunction): LooseT => t as unknown as LooseT;
