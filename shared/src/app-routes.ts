/**
 * Every screen of the PWA, by path pattern (`:id` is one path segment), with the key of its page
 * title (`titles.<key>` in locales). The server answers 404 for any other path (with the app
 * shell, which shows the not-found screen), and the app titles each page from here.
 */
export const APP_ROUTES = [
  { path: '/', title: 'home' },
  { path: '/features', title: 'features' },
  { path: '/pricing', title: 'pricing' },
  { path: '/privacy', title: 'privacy' },
  { path: '/service', title: 'terms' },
  { path: '/support', title: 'support' },
  { path: '/login', title: 'login' },
  { path: '/register', title: 'register' },
  { path: '/onboarding', title: 'onboarding' },
  { path: '/verify-email', title: 'verifyEmail' },
  { path: '/forgot-password', title: 'forgotPassword' },
  { path: '/verify-reset-code', title: 'resetPassword' },
  { path: '/reset-password', title: 'resetPassword' },
  { path: '/payment-verification', title: 'paymentVerification' },
  { path: '/auth/telegram-callback', title: 'telegram' },
  { path: '/auth/google/callback', title: 'google' },
  { path: '/auth/google/link', title: 'googleLink' },
  { path: '/account/keep', title: 'keepAccount' },
  { path: '/subscribe', title: 'subscribe' },
  { path: '/dashboard', title: 'dashboard' },
  { path: '/dashboard/inbox', title: 'inbox' },
  { path: '/dashboard/automations', title: 'agents' },
  { path: '/dashboard/job-agents', title: 'agents' },
  { path: '/dashboard/automations/new', title: 'newAgent' },
  { path: '/dashboard/automations/create', title: 'newAgent' },
  { path: '/dashboard/automations/:id', title: 'agent' },
  { path: '/dashboard/search', title: 'search' },
  { path: '/dashboard/billing', title: 'billing' },
  { path: '/dashboard/referrals', title: 'referrals' },
  { path: '/dashboard/email', title: 'integrations' },
  { path: '/settings', title: 'settings' },
] as const;

export type PageTitleKey = (typeof APP_ROUTES)[number]['title'] | 'notFound';

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (pattern === '/') return pathname === '/' || pathname === '';
  return want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
}

/** The screen a path shows (its title key), or null for a path no screen has. */
export function routeTitle(pathname: string): PageTitleKey | null {
  const exact = APP_ROUTES.find((route) => !route.path.includes(':') && matches(route.path, pathname));
  if (exact) return exact.title;
  return APP_ROUTES.find((route) => matches(route.path, pathname))?.title ?? null;
}

/** The tab title for a screen's translated name: the home page is the product's name alone. */
export function documentTitle(key: PageTitleKey | 'home', name: string): string {
  return key === 'home' ? name : `${name} · Bidpilot`;
}

/** The query parameter that opens one proposal on its agent's page (a notice's link). */
export const PROPOSAL_PARAM = 'item';

/** The inbox: every agent's proposals, by state (`drafts`, `queued`, `sent`, `failed`). */
export function inboxPath(state?: 'drafts' | 'queued' | 'sent' | 'failed'): string {
  return state && state !== 'drafts' ? `/dashboard/inbox?state=${state}` : '/dashboard/inbox';
}

/** An agent's page. */
export function agentPath(agentId: string): string {
  return `/dashboard/automations/${encodeURIComponent(agentId)}`;
}

/**
 * Where a notice about a proposal takes the user (push, Telegram): the proposal, open on its agent's
 * page, or the agent list when the proposal has no agent any more.
 */
export function proposalPath(agentId: string | null | undefined, itemId: string): string {
  return agentId ? `${agentPath(agentId)}?${PROPOSAL_PARAM}=${encodeURIComponent(itemId)}` : '/dashboard/automations';
}
