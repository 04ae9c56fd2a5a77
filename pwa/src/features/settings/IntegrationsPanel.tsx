import { useId, useState } from 'react';
import type { AgentPlatform } from '@shared/schemas/agent';
import { useAuth, useApi } from '../../session/session-provider';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConnectMarketplaceButton } from '../marketplaces/ConnectMarketplaceButton';
import { NeedsNetwork } from '../../ui/NeedsNetwork';
import { useErrorText } from '../../lib/use-error-text';
import { useOnline } from '../../lib/use-online';
import { toast } from '../../stores/toast';
import { Tabs } from '../../ui/Tabs';
import { useConnections, type Connection } from '../marketplaces/use-connections';
import { cardClass, useLooseT } from './settings-text';
import { UpworkSetupForm } from './UpworkSetupForm';
import { CallsLine } from './CallsLine';
import { ignoreAnswer } from '../../lib/api';

type TabKey = 'upwork' | 'email';

function StatusLine({ connection, platform }: { connection: Connection; platform: AgentPlatform }) {
  const { t, language } = useLooseT();
  const name = t(`platform.${platform}`);
  const text =
    connection.state === 'checking'
      ? t('integrations.checking')
      : connection.state === 'connected'
        ? connection.username
          ? t('integrations.connectedAs', { username: connection.username })
          : t('integrations.connected')
        : connection.state === 'missing'
          ? t('integrations.notConnected')
          : t('integrations.statusUnknown');
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" aria-live="polite">
      <span className="font-medium text-slate-900">{name}</span>
      <Badge variant={connection.state === 'connected' ? 'default' : 'secondary'}>{text}</Badge>
      {connection.checkedAt !== null && (
        <span className="text-xs text-slate-600">
          {t('integrations.lastChecked', {
            time: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(connection.checkedAt),
          })}
        </span>
      )}
    </p>
  );
}

function DisconnectButton({ platform, onDone }: { platform: AgentPlatform; onDone: () => void }) {
  const api = useApi();
  const { t } = useLooseT();
  const { describe } = useErrorText();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const name = t(`platform.${platform}`);
  return (
    <Button
      variant="ghost"
      busy={busy}
      disabled={!online}
      onClick={async () => {
        if (!window.confirm(t('integrations.page.disconnectConfirm', { platform: name }))) return;
        setBusy(true);
        try {
          await api.delete(`/integrations/${platform}`, ignoreAnswer);
          toast({ variant: 'success', title: t('integrations.page.disconnected', { platform: name }) });
          onDone();
        } catch (cause) {
          toast({
            variant: 'destructive',
            title: t('integrations.page.disconnectFailed', { platform: name }),
            description: describe(cause, '') || undefined,
          });
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('integrations.page.disconnect', { platform: name })}
    </Button>
  );
}

/**
 * The integrations section of Settings (part 2, "Platform integrations"): tabs Upwork and Email.
 * Upwork: the connected state with Update Credentials, or the setup form; Freelancer.com connect and
 * reconnect through OAuth. Email: "Email Integration Coming Soon".
 */
export function IntegrationsPanel({ initialTab = 'upwork', asPage = false }: { initialTab?: TabKey; asPage?: boolean } = {}) {
  const { t } = useLooseT();
  const { user } = useAuth();
  const headingId = useId();
  const { connections, refresh } = useConnections(user?.id);
  const online = useOnline();
  const [tab, setTab] = useState<TabKey>(initialTab);
  const [editing, setEditing] = useState(false);
  const upwork = connections.upwork;
  const freelancer = connections.freelancer;

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      {asPage ? (
        <h1 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
          {t('integrations.page.title')}
        </h1>
      ) : (
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('integrations.page.title')}
        </h2>
      )}
      <p className="mt-1 text-sm text-slate-600">{t('integrations.page.subtitle')}</p>
      <div className="mt-4">
        <Tabs
          label={t('integrations.page.tabsLabel')}
          items={[
            { key: 'upwork', label: t('integrations.tabs.upwork') },
            { key: 'email', label: t('integrations.tabs.email') },
          ]}
          selected={tab}
          onSelect={setTab}
        >
          {tab === 'upwork' ? (
            <div className="space-y-6">
              <div className="space-y-3">
                <StatusLine connection={upwork} platform="upwork" />
                {upwork.state === 'connected' && <CallsLine platform="upwork" />}
                {upwork.state === 'connected' ? (
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" aria-expanded={editing} disabled={!online} onClick={() => setEditing((v) => !v)}>
                      {editing ? t('integrations.upwork.cancelUpdate') : t('integrations.upwork.updateCredentials')}
                    </Button>
                    <ConnectMarketplaceButton platform="upwork" connected variant="secondary" />
                    <DisconnectButton platform="upwork" onDone={refresh} />
                  </div>
                ) : (
                  upwork.state !== 'checking' && (
                    <div className="flex flex-wrap items-center gap-2">
                      <ConnectMarketplaceButton platform="upwork" />
                      <span className="text-sm text-slate-600">{t('integrations.upwork.orForm')}</span>
                    </div>
                  )
                )}
                {!online && <NeedsNetwork text={t('integrations.offline')} />}
                {online && (upwork.state === 'missing' || upwork.state === 'unknown' || editing) && (
                  <div className="rounded-xl border border-slate-200 p-4">
                    <UpworkSetupForm
                      onSaved={() => {
                        setEditing(false);
                        refresh();
                      }}
                    />
                  </div>
                )}
              </div>

              <div className="space-y-3 border-t border-slate-200 pt-4">
                <h3 className="text-base font-semibold text-slate-900">{t('integrations.freelancer.title')}</h3>
                <p className="text-sm text-slate-600">{t('integrations.freelancer.body')}</p>
                <StatusLine connection={freelancer} platform="freelancer" />
                {freelancer.state !== 'checking' && (
                  <div className="flex flex-wrap gap-2">
                    <ConnectMarketplaceButton platform="freelancer" connected={freelancer.state === 'connected'} />
                    {freelancer.state === 'connected' && <DisconnectButton platform="freelancer" onDone={refresh} />}
                  </div>
                )}
              </div>
            </div>
          ) : (
            <div className="space-y-3">
              <h3 className="text-base font-semibold text-slate-900">{t('integrations.email.comingSoon')}</h3>
              <p className="text-sm text-slate-600">{t('integrations.email.body')}</p>
              <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
                {t('integrations.email.empty')}
              </p>
            </div>
          )}
        </Tabs>
      </div>
    </section>
  );
}
