import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AgentPlatform } from '@shared/schemas/agent';
import { useAuth, useApi } from '../../session/session-provider';
import { isNavigableUrl, oauthAutomationKey, oauthRedirectKey, oauthStartPath } from './search-connect';
import { useOnline } from '../../lib/use-online';
import { toast } from '../../stores/toast';
import { Button, type ButtonVariant } from '../../ui/Button';
import { oauthStartResponseSchema } from '@shared/schemas/integrations';
import { looseT } from '../../lib/loose-t';

/** The provider name the server uses on the way back (`/login?provider=…`), lower-cased for the keys. */
const PROVIDER: Record<AgentPlatform, string> = { upwork: 'upwork', freelancer: 'freelancer' };

/**
 * "Connect Upwork" / "Reconnect Upwork" (and the same for Freelancer.com): asks the API for the
 * marketplace's authorisation address, keeps where to come back (and the agent, when given) in
 * session storage, then sends the browser there. The marketplace returns through `/login` (or
 * `/onboarding` when `returnTo` says so), which restores the saved page.
 */
export function ConnectMarketplaceButton({
  platform,
  connected = false,
  automationId,
  returnTo = 'login',
  variant,
  className = '',
  onStarted,
}: {
  platform: AgentPlatform;
  /** Shows "Reconnect …" instead of "Connect …". */
  connected?: boolean;
  automationId?: string;
  returnTo?: 'login' | 'onboarding';
  variant?: ButtonVariant;
  className?: string;
  /** Called just before the browser leaves (tests and analytics). */
  onStarted?: (url: string) => void;
}) {
  const api = useApi();
  const { t: typedT } = useTranslation();
  const t = looseT(typedT);
  const { user } = useAuth();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const name = t(`platform.${platform}`);

  const start = async () => {
    if (!user) {
      toast({
        variant: 'destructive',
        title: t('integrations.failedTitle'),
        description: t('integrations.loginRequired', { platform: name }),
      });
      return;
    }
    setBusy(true);
    try {
      const body: { userId: string; returnTo: 'login' | 'onboarding'; automationId?: string } = { userId: user.id, returnTo };
      if (automationId) body.automationId = automationId;
      const answer = await api.post(oauthStartPath(platform), body, oauthStartResponseSchema);
      if (!isNavigableUrl(answer.url, window.location.href)) throw new Error('no url');
      try {
        sessionStorage.setItem(oauthRedirectKey(PROVIDER[platform]), `${location.pathname}${location.search}`);
        if (automationId) sessionStorage.setItem(oauthAutomationKey(PROVIDER[platform]), automationId);
        else sessionStorage.removeItem(oauthAutomationKey(PROVIDER[platform]));
      } catch {
        // No session storage: the return lands on the dashboard instead.
      }
      onStarted?.(answer.url);
      window.location.assign(answer.url);
    } catch {
      setBusy(false);
      toast({
        variant: 'destructive',
        title: t('integrations.failedTitle'),
        description: t('integrations.initiateFailed', { platform: name }),
      });
    }
  };

  return (
    // Connecting goes to the marketplace: it needs the network (the screen says so beside it).
    <Button
      variant={variant ?? (connected ? 'secondary' : 'primary')}
      busy={busy}
      disabled={!online}
      className={className}
      onClick={() => void start()}
    >
      {busy
        ? t('integrations.connecting', { platform: name })
        : t(connected ? 'integrations.reconnect' : 'integrations.connect', { platform: name })}
    </Button>
  );
}
