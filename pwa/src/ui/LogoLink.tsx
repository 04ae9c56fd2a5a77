import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Logo } from './Logo';

/**
 * The app's mark and name as a link (home on the public pages, the dashboard when signed in).
 * `className` places it (display, size of the name…); with `nameClassName` the name is a span of
 * those classes (hidden but for screen readers on the narrowest phones, or in a narrowed sidebar).
 */
export function LogoLink({
  to,
  size,
  className,
  logoClassName,
  nameClassName,
}: {
  to: string;
  size: number;
  className: string;
  logoClassName?: string;
  nameClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className={`${className} items-center gap-2 rounded-md font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600`}
    >
      <Logo size={size} className={logoClassName} />
      {nameClassName === undefined ? t('common.appName') : <span className={nameClassName}>{t('common.appName')}</span>}
    </Link>
  );
}
