import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isTopBarHidden } from '../../app/TopBar';
import { ButtonLink } from '../../components/Button';
import { PublicPage } from '../../components/PublicPage';

export type PlaceholderKind = 'support';

const signedInArea = new Set<PlaceholderKind>([]);
/** Shown inside the signed-in layout, which provides the page's `main`. */
const inLayout = new Set<PlaceholderKind>([]);

/** A page whose content comes with a later issue: its heading, what it is for, and a way back. */
export default function PlaceholderPage({ kind }: { kind: PlaceholderKind }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const toDashboard = signedInArea.has(kind);
  const content = (
    <div className={inLayout.has(kind) ? 'max-w-3xl py-4' : 'mx-auto max-w-3xl px-4 py-16'}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t(`placeholder.${kind}.title`)}</h1>
      <p className="mt-3 text-slate-700">{t(`placeholder.${kind}.description`)}</p>
      <p className="mt-2 text-sm text-slate-600">{t('placeholder.notYet')}</p>
      <ButtonLink to={toDashboard ? '/dashboard' : '/'} variant="secondary" className="mt-8">
        {toDashboard ? t('common.backToDashboard') : t('common.backHome')}
      </ButtonLink>
    </div>
  );
  if (inLayout.has(kind)) return content;
  return toDashboard ? <main id="main" className={isTopBarHidden(pathname) ? '' : 'pt-16'}>
      {content}
    </main> : <PublicPage>{content}</PublicPage>;
}
