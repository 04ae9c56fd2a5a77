import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { documentTitle, routeTitle } from '@shared/app-routes';
import { looseT } from '../lib/loose-t';

/** The browser tab's title for the screen shown, in the user's language ("Billing · Bidpilot"). */
export function PageTitle() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  const key = routeTitle(pathname) ?? 'notFound';
  const name = looseT(t)(`titles.${key}`);
  const title = documentTitle(key, name);
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
  return null;
}
