import { Suspense, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../ui/Dialog';
import { LanguagePicker } from '../ui/LanguagePicker';
import { PageSpinner } from '../ui/Spinner';
import { SyncNotices, SyncStatus } from '../features/sync-status/SyncStatus';
import { useSignOut } from './use-sign-out';
import { TutorialEntry } from './TutorialDialog';
import { LogoLink } from '../ui/LogoLink';
import { StrokeIcon } from '../ui/StrokeIcon';
import { useDraftCount } from '../data/use-job-items';

const COLLAPSED_KEY = 'sidebarCollapsed';
const SMALL_SCREEN = '(max-width: 767.98px)';

function subscribeSmallScreen(onChange: () => void) {
  const query = window.matchMedia(SMALL_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the sidebar is a drawer (below the md breakpoint). */
function useSmallScreen(): boolean {
  return useSyncExternalStore(
    subscribeSmallScreen,
    () => window.matchMedia(SMALL_SCREEN).matches,
    () => false,
  );
}

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

const icon = (path: ReactNode) => (
  <StrokeIcon className="size-5 shrink-0" strokeWidth="1.8" strokeLinejoin="round">
    {path}
  </StrokeIcon>
);

const icons = {
  dashboard: icon(<path d="M4 13h6V4H4zM14 20h6v-9h-6zM4 20h6v-3H4zM14 7h6V4h-6z" />),
  inbox: icon(
    <>
      <path d="M4 13l2.5-7.5A2 2 0 0 1 8.4 4h7.2a2 2 0 0 1 1.9 1.5L20 13v5a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z" />
      <path d="M4 13h4.5l1.5 2.5h4l1.5-2.5H20" />
    </>,
  ),
  search: icon(
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M20 20l-4.2-4.2" />
    </>,
  ),
  agents: icon(
    <>
      <rect x="5" y="8" width="14" height="11" rx="3" />
      <path d="M12 8V4.5M9.5 13h.01M14.5 13h.01M9.5 16.5h5M3 12.5v2M21 12.5v2" />
    </>,
  ),
  billing: icon(
    <>
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="M3 10h18M7 15h3" />
    </>,
  ),
  referrals: icon(
    <>
      <path d="M4 11h16v9H4zM3 7.5h18V11H3zM12 7.5V20" />
      <path d="M12 7.5C10.5 4 7 4 7 6s3 1.5 5 1.5zM12 7.5C13.5 4 17 4 17 6s-3 1.5-5 1.5z" />
    </>,
  ),
  settings: icon(
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </>,
  ),
  tutorial: icon(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M10 8.5v7l5.5-3.5z" />
    </>,
  ),
  logout: icon(<path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10" />),
  collapse: icon(<path d="M15 6l-6 6 6 6" />),
  expand: icon(<path d="M9 6l6 6-6 6" />),
};

/** Narrows the sidebar to its icons (expanded) or widens it again. */
function CollapseButton({
  expanded,
  onClick,
  label,
  title,
  className,
}: {
  expanded: boolean;
  onClick: () => void;
  label: string;
  title?: string;
  className: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      aria-expanded={expanded}
      aria-controls="dashboard-sidebar"
      title={title}
      className={className}
    >
      {expanded ? icons.collapse : icons.expand}
    </button>
  );
}
/**
 * The signed-in layout (part 2, "Sidebar"): the navigation, the tutorial and sign-out; the sync
 * status and its notices above the page. 240 px wide, collapsible to 70 px (icons only, names kept
 * for assistive technology); below the md breakpoint a slide-in drawer that keeps the focus inside
 * and closes on Escape.
 */
export function DashboardLayout() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const small = useSmallScreen();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const sidebar = useRef<HTMLElement>(null);
  const rtl = i18n.dir() === 'rtl';
  // Drafts waiting for review, across every agent (IndexedDB, live): shown beside the inbox.
  const drafts = useDraftCount() ?? 0;

  useFocusTrap(sidebar, small && drawerOpen, { onEscape: () => setDrawerOpen(false) });

  // A followed link closes the drawer.
  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname]);

  const toggleCollapsed = () => {
    setCollapsed((value) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, String(!value));
      } catch {
        // private mode: the choice lasts for this page only
      }
      return !value;
    });
  };

  const { signOut, dialog: signOutDialog } = useSignOut(() => navigate('/login', { replace: true }));
  const logout = async () => {
    try {
      await signOut();
    } catch (error) {
      console.error('sign-out failed', error);
    }
  };

  const narrow = collapsed && !small;
  const labelClass = narrow ? 'sr-only' : 'truncate';
  const itemClass = (active: boolean) =>
    `flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 ${
      narrow ? 'justify-center' : ''
    } ${active ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`;

  const links: Array<{ to: string; label: string; icon: ReactNode; end?: boolean; also?: string; count?: number }> = [
    { to: '/dashboard', label: t('layout.dashboard'), icon: icons.dashboard, end: true },
    { to: '/dashboard/inbox', label: t('layout.inbox'), icon: icons.inbox, count: drafts },
    { to: '/dashboard/search', label: t('layout.search'), icon: icons.search },
    { to: '/dashboard/automations', label: t('layout.agents'), icon: icons.agents, also: '/dashboard/job-agents' },
    { to: '/dashboard/billing', label: t('layout.billing'), icon: icons.billing },
    { to: '/dashboard/referrals', label: t('layout.referrals'), icon: icons.referrals },
    { to: '/settings', label: t('layout.settings'), icon: icons.settings },
  ];

  // Visible at once on open (so the focus can move in), hidden only after sliding out on close.
  const drawerClass = drawerOpen
    ? 'max-md:visible max-md:translate-x-0 max-md:shadow-2xl transition-[transform,width]'
    : `max-md:invisible transition-[transform,visibility,width] ${rtl ? 'max-md:translate-x-full' : 'max-md:-translate-x-full'}`;

  return (
    <div className="min-h-dvh bg-slate-50 md:flex">
      {drawerOpen && small && (
        <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-900/40 md:hidden" onClick={() => setDrawerOpen(false)} />
      )}
      <aside
        id="dashboard-sidebar"
        ref={sidebar}
        aria-label={t('layout.sidebar')}
        className={`flex flex-col border-e border-slate-200 bg-white duration-200 motion-reduce:transition-none max-md:fixed max-md:inset-y-0 max-md:start-0 max-md:z-50 max-md:w-72 max-md:max-w-[85vw] md:sticky md:top-0 md:h-dvh md:shrink-0 ${
          narrow ? 'md:w-[70px]' : 'md:w-60'
        } ${drawerClass}`}
      >
        <div
          className={`flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 px-3 ${narrow ? 'justify-center' : 'justify-between'}`}
        >
          <LogoLink to="/dashboard" size={28} className="flex min-w-0" logoClassName="shrink-0" nameClassName={labelClass} />
          {small ? (
            <button
              type="button"
              onClick={() => setDrawerOpen(false)}
              aria-label={t('nav.closeMenu')}
              className="inline-flex size-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {icon(<path d="M6 6l12 12M18 6L6 18" />)}
            </button>
          ) : (
            !narrow && (
              <CollapseButton
                expanded
                onClick={toggleCollapsed}
                label={t('layout.collapse')}
                className="inline-flex size-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 rtl:[&_svg]:rotate-180"
              />
            )
          )}
        </div>

        <nav aria-label={t('layout.navigation')} className="min-h-0 flex-1 overflow-y-auto p-3">
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  title={narrow ? link.label : undefined}
                  className={({ isActive }) => itemClass(isActive || (link.also !== undefined && pathname.startsWith(link.also)))}
                >
                  <span className="relative inline-flex shrink-0">
                    {link.icon}
                    {narrow && link.count ? (
                      <span aria-hidden="true" className="absolute -end-1 -top-1 size-2.5 rounded-full bg-indigo-600 ring-2 ring-white" />
                    ) : null}
                  </span>
                  <span className={labelClass}>{link.label}</span>
                  {link.count ? (
                    <>
                      <span
                        aria-hidden="true"
                        className={`ms-auto rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white tabular-nums ${narrow ? 'sr-only' : ''}`}
                        data-draft-count
                      >
                        {new Intl.NumberFormat(i18n.language).format(link.count)}
                      </span>
                      <span className="sr-only"> ({t('layout.inboxCount', { count: link.count })})</span>
                    </>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex shrink-0 flex-col gap-1 border-t border-slate-200 p-3">
          {narrow && (
            <CollapseButton
              expanded={false}
              onClick={toggleCollapsed}
              label={t('layout.expand')}
              title={t('layout.expand')}
              className={`${itemClass(false)} rtl:[&_svg]:rotate-180`}
            />
          )}
          <TutorialEntry
            title={narrow ? t('layout.tutorial') : undefined}
            onOpen={() => setDrawerOpen(false)}
            className={itemClass(false)}
            labelClassName={labelClass}
            icon={icons.tutorial}
          />
          <button
            type="button"
            title={narrow ? t('dashboard.signOut') : undefined}
            onClick={() => void logout()}
            className={`${itemClass(false)} text-red-700 hover:bg-red-50 hover:text-red-800`}
          >
            {icons.logout}
            <span className={labelClass}>{t('dashboard.signOut')}</span>
          </button>
        </div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        {/* On a phone the sync line takes a row of its own under the logo, so neither is squeezed. */}
        <header className="sticky top-0 z-30 flex min-h-16 flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-200 bg-white/95 px-3 py-2 backdrop-blur sm:flex-nowrap sm:px-6">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-expanded={drawerOpen}
            aria-controls="dashboard-sidebar"
            className="inline-flex size-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 md:hidden"
          >
            <span className="sr-only">{t('nav.openMenu')}</span>
            {icon(<path d="M4 7h16M4 12h16M4 17h16" />)}
          </button>
          <LogoLink to="/dashboard" size={24} className="flex shrink-0 md:hidden" nameClassName="max-[380px]:sr-only" />
          <SyncStatus className="order-last w-full min-w-0 max-sm:text-xs sm:order-none sm:ms-auto sm:w-auto" />
          <div className="ms-auto shrink-0 sm:ms-1">
            <LanguagePicker compact />
          </div>
        </header>
        <SyncNotices className="px-3 pt-3 empty:hidden sm:px-6" />
        <main id="main" tabIndex={-1} className="w-full max-w-6xl min-w-0 flex-1 px-3 py-6 focus:outline-none sm:px-6 lg:px-8">
          <Suspense fallback={<PageSpinner label={t('common.loading')} />}>
            <Outlet />
          </Suspense>
        </main>
      </div>

      {signOutDialog}
    </div>
  );
}

export default DashboardLayout;
