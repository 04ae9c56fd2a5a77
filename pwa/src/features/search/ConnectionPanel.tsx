import type { AgentPlatform } from '@shared/schemas/agent';
import { ConnectMarketplaceButton } from '../marketplaces/ConnectMarketplaceButton';
import { useTranslation } from 'react-i18next';
import type { Connections } from '../marketplaces/use-connections';
import { PLATFORMS } from '@shared/marketplaces';

const DOT = {
  connected: 'bg-emerald-500',
  missing: 'bg-slate-400',
  checking: 'bg-indigo-400 animate-pulse motion-reduce:animate-none',
  unknown: 'bg-amber-500',
};

/** The two marketplace accounts: connected as {username} / not connected, with Connect or Reconnect. */
export function ConnectionPanel({ connections }: { connections: Connections }) {
  const { t, i18n } = useTranslation();
  const row = (platform: AgentPlatform) => {
    const { state, username, checkedAt } = connections[platform];
    const text =
      state === 'connected'
        ? username
          ? t('integrations.connectedAs', { username: `\u2068${username}\u2069` })
          : t('integrations.connected')
        : state === 'missing'
          ? t('integrations.notConnected')
          : state === 'checking'
            ? t('integrations.checking')
            : t('integrations.statusUnknown');
    return (
      <li
        key={platform}
        className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
      >
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{t(`platform.${platform}`)}</p>
          <p className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
            <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${DOT[state]}`} />
            <span className="break-all">{text}</span>
          </p>
          {checkedAt !== null && (
            <p className="text-xs text-slate-600">
              {t('integrations.lastChecked', {
                time: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(checkedAt),
              })}
            </p>
          )}
        </div>
        {state !== 'checking' && state !== 'unknown' && <ConnectMarketplaceButton platform={platform} connected={state === 'connected'} />}
      </li>
    );
  };
  return (
    <section aria-labelledby="marketplace-accounts" className="space-y-2">
      <h2 id="marketplace-accounts" className="text-sm font-semibold text-slate-700">
        {t('integrations.heading')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">{PLATFORMS.map(row)}</ul>
    </section>
  );
}
