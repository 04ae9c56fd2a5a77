import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from './LanguageMenu';
import { ButtonLink, buttonClass } from '../ui/Button';
import { useDisclosure } from '../lib/use-disclosure';
import { useMenuButton } from '../lib/use-menu-button';
import { useAuth } from '../session/session-provider';
import { useSignOut } from './use-sign-out';
import { isSignedInLayoutPath } from './layout-paths';
import { LogoLink } from '../ui/LogoLink';
import { StrokeIcon } from '../ui/StrokeIcon';

/**
 * Spec: the bar is hidden on any path containing login, register, subscribe or dashboard; also on
 * /settings, which has the signed-in layout's own sidebar and header.
 */
export function isTopBarHidden(pathname: string): boolean {
  return /login|register|subscribe|dashboard/.test(pathname) || isSignedInLayoutPath(pathname);
}

export const SCROLL_THRESHOLD_PX = 10;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
    isActive ? 'text-indigo-700' : 'text-slate-700 hover:text-slate-900'
  }`;

const panelLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-3 text-base font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-800 hover:bg-slate-50'
  }`;

const menuItemClass =
  'block rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600';

function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

export function TopBar() {
  const { t } = useTranslation();
  const { user, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const scrolled = useScrolled(SCROLL_THRESHOLD_PX);
  const mobile = useDisclosure<HTMLElement>();
  const userMenu = useMenuButton();
  const { setOpen: setMobileOpen } = mobile;
  const { setOpen: setUserMenuOpen } = userMenu;

  // Close the panels on navigation.
  useEffect(() => {
    setMobileOpen(false);
    setUserMenuOpen(false);
  }, [pathname, setMobileOpen, setUserMenuOpen]);

  const { signOut, dialog: signOutDialog } = useSignOut(() => navigate('/'));
  if (isTopBarHidden(pathname)) return null;

  const logout = () => signOut();

  const links = [
    { to: '/', label: t('nav.home'), end: true },
    { to: '/features', label: t('nav.features') },
    { to: '/pricing', label: t('nav.pricing') },
    { to: '/privacy', label: t('nav.privacy') },
  ];
  const solid = scrolled || mobile.open;
  const closeMobile = () => mobile.close(false);

  return (
    <header
      ref={mobile.containerRef}
      data-scrolled={scrolled ? 'true' : 'false'}
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-200 motion-reduce:transition-none ${
        solid ? 'bg-white/90 shadow-md backdrop-blur' : 'bg-transparent shadow-none'
      }`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <LogoLink to="/" size={28} className="flex shrink-0 text-lg" />

        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="flex items-center gap-2">
          <div className="hidden items-center gap-2 md:flex">
            {isAuthenticated ? (
              <>
                <ButtonLink to="/dashboard">{t('nav.dashboard')}</ButtonLink>
                <div className="relative" ref={userMenu.containerRef}>
                  <button {...userMenu.buttonProps} className={buttonClass('secondary', 'max-w-48')}>
                    <span className="sr-only">{t('nav.accountMenu')}: </span>
                    <span className="truncate">{user?.email}</span>
                    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-500" fill="currentColor">
                      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
                    </svg>
                  </button>
                  {userMenu.open && (
                    <div className="absolute end-0 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
                      <p className="truncate border-b border-slate-100 px-3 pt-1 pb-2 text-xs text-slate-600">{user?.email}</p>
                      <ul {...userMenu.menuProps} className="pt-1">
                        <li role="none">
                          <Link
                            to="/dashboard"
                            role="menuitem"
                            tabIndex={-1}
                            className={menuItemClass}
                            onClick={() => userMenu.close(false)}
                          >
                            {t('nav.dashboard')}
                          </Link>
                        </li>
                        <li role="none">
                          <Link
                            to="/settings"
                            role="menuitem"
                            tabIndex={-1}
                            className={menuItemClass}
                            onClick={() => userMenu.close(false)}
                          >
                            {t('nav.settings')}
                          </Link>
                        </li>
                        <li role="none">
                          <button
                            type="button"
                            role="menuitem"
                            tabIndex={-1}
                            onClick={() => {
                              userMenu.close(false);
                              void logout();
                            }}
                            className="block w-full rounded-md px-3 py-2 text-start text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
                          >
                            {t('nav.logout')}
                          </button>
                        </li>
                      </ul>
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
            <LanguageMenu />
          </div>

          <div className="flex items-center gap-2 md:hidden">
            <LanguageMenu compact />
            <button {...mobile.buttonProps} onClick={mobile.toggle} className={buttonClass('secondary', 'min-h-10 px-2.5')}>
              <span className="sr-only">{mobile.open ? t('nav.closeMenu') : t('nav.openMenu')}</span>
              <StrokeIcon className="size-5">
                {mobile.open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
              </StrokeIcon>
            </button>
          </div>
        </div>
      </div>

      {mobile.open && (
        <nav
          {...mobile.panelProps}
          ref={(node) => {
            mobile.panelRef.current = node;
          }}
          aria-label={t('nav.mobile')}
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-4 md:hidden"
        >
          <ul className="flex flex-col gap-1 py-2">
            {links.slice(0, 3).map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={panelLinkClass} onClick={closeMobile}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ul className="flex flex-col gap-1 border-t border-slate-200 pt-2">
            {isAuthenticated ? (
              <>
                {user?.email && <li className="truncate px-3 py-1 text-xs text-slate-600">{user.email}</li>}
                <li>
                  <NavLink to="/dashboard" className={panelLinkClass} onClick={closeMobile}>
                    {t('nav.dashboard')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/settings" className={panelLinkClass} onClick={closeMobile}>
                    {t('nav.settings')}
                  </NavLink>
                </li>
                <li>
                  <button
                    type="button"
                    className="block w-full rounded-md px-3 py-3 text-start text-base font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
                    onClick={() => {
                      closeMobile();
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
                  <NavLink to="/login" className={panelLinkClass} onClick={closeMobile}>
                    {t('nav.login')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/register" className={panelLinkClass} onClick={closeMobile}>
                    {t('nav.signup')}
                  </NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
      )}
      {signOutDialog}
    </header>
  );
}
