import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, type Translate } from './form-errors';
import { looseT } from './loose-t';

/** `(error, fallback) => text` in the current language, and the run-time-key translate function. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  const tt: Translate = looseT(t);
  const describe = useCallback(
    (error: unknown, fallback: string) => errorText(tt, i18n.resolvedLanguage ?? i18n.language, error, fallback, (key) => i18n.exists(key)),
    [tt, i18n],
  );
  return { describe, tt };
}
