import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../components/LanguagePicker';
import { ButtonLink, buttonClass } from '../components/Button';
import { useAuth } from './auth-provider';

/** Spec: the bar is hidden on any path containing login, register, subscribe or dashboard. */
export function isTopBarHidden(pathname: string): boolean {
  return /login|register|subscribe|dashboard/.test(pathname);
}

export const SCROLL_THRESHOLD_PX = 10;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
    isActive ? 'text-indigo-700' : 'text-slate-700 hover:text-slate-900'
  }`;

export function TopBar() {
  const { t } = useTranslation();
  const { user, isAuthenticated, signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [userMenuOpen, setUserMenuOpen] = useState(false);
  const panelId = useId();
  const userMenuId = useId();
  const userMenuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // Close the panels on navigation.
  useEffect(() => {
    setMenuOpen(false);
    setUserMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!userMenuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setUserMenuOpen(false);
    const onClick = (event: MouseEvent) => {
      if (!userMenuRef.current?.contains(event.target as Node)) setUserMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [userMenuOpen]);

  if (isTopBarHidden(pathname)) return null;

  const logout = async () => {
    await signOut();
    navigate('/');
  };

  const links = [
    { to: '/', label: t('nav.home'), end: true },
    { to: '/features', label: t('nav.features') },
    { to: '/pricing', label: t('nav.pricing') },
    { to: '/privacy', label: t('nav.privacy') },
  ];

  return (
    <header
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] ${
        scrolled || menuOpen ? 'bg-white/90 shadow-md backdrop-blur' : 'bg-transparent'
      }`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600">
          <img src="/icons/favicon.svg" alt="" width={28} height={28} />
          {t('common.appName')}
        </Link>

        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="flex items-center gap-2">
          <LanguagePicker compact />
          <div className="hidden items-center gap-2 md:flex">
          {isAuthenticated ? (
            <>
              <ButtonLink to="/dashboard">{t('nav.dashboard')}</ButtonLink>
              <div className="relative" ref={userMenuRef}>
                <button
                  type="button"
                  className={buttonClass('secondary', 'max-w-48')}
                  aria-expanded={userMenuOpen}
                  aria-controls={userMenuId}
                  onClick={() => setUserMenuOpen((open) => !open)}
                >
                  <span className="sr-only">{t('nav.accountMenu')}: </span>
                  <span className="truncate">{user?.email}</span>
                </button>
                {userMenuOpen && (
                  <div id={userMenuId} className="absolute end-0 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
                    <p className="truncate px-3 py-2 text-xs text-slate-600">{user?.email}</p>
                    <Link to="/dashboard" className="block rounded-md px-3 py-2 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600">
                      {t('nav.dashboard')}
                    </Link>
                    <Link to="/settings" className="block rounded-md px-3 py-2 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600">
                      {t('nav.settings')}
                    </Link>
                    <button
                      type="button"
                      onClick={() => void logout()}
                      className="block w-full rounded-md px-3 py-2 text-start text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
                    >
                      {t('nav.logout')}
                    </button>
                  </div>
                )}
              </div>
            </>
          ) : (
            <>
              <ButtonLink to="/login" variant="ghost">
                {t('nav.login')}
              </ButtonLink>
              <ButtonLink to="/register">{t('nav.signup')}</ButtonLink>
            </>
          )}
          </div>
          <button
            type="button"
            className={buttonClass('secondary', 'px-3 md:hidden')}
            aria-expanded={menuOpen}
            aria-controls={panelId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="sr-only">{menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </div>

      {menuOpen && (
        <nav id={panelId} aria-label={t('nav.main')} className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden">
          <ul className="flex flex-col py-2">
            {links.slice(0, 3).map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={navLinkClass} onClick={() => setMenuOpen(false)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {isAuthenticated ? (
              <>
                <li>
                  <NavLink to="/dashboard" className={navLinkClass} onClick={() => setMenuOpen(false)}>
                    {t('nav.dashboard')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/settings" className={navLinkClass} onClick={() => setMenuOpen(false)}>
                    {t('nav.settings')}
                  </NavLink>
                </li>
                <li>
                  <button
                    type="button"
                    className="rounded-md px-3 py-2 text-sm font-medium text-red-700 focus-visible:outline-2 focus-visible:outline-red-600"
                    onClick={() => {
                      setMenuOpen(false);
                      void logout();
                    }}
                  >
                    {t('nav.logout')}
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <NavLink to="/login" className={navLinkClass} onClick={() => setMenuOpen(false)}>
                    {t('nav.login')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/register" className={navLinkClass} onClick={() => setMenuOpen(false)}>
                    {t('nav.signup')}
                  </NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
      )}
    </header>
  );
}
