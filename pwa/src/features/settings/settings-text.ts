import { useTranslation } from 'react-i18next';
import { looseT, type LooseT } from '../../lib/loose-t';

/** The settings screens' `t`, loose: many of their keys are computed (a field, a state, an error code). */
export function useLooseT(): { t: LooseT; language: string } {
  const { t, i18n } = useTranslation();
  return { t: looseT(t), language: i18n.resolvedLanguage ?? i18n.language ?? 'en' };
}

/** The card every settings section sits in. */
export const cardClass = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';
