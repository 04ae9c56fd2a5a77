import { useEffect, useId, useState } from 'react';
import type { Subscription } from '@shared/schemas/billing';
import { ButtonLink } from '../../ui/Button';
import { currentPlanId, statusView } from '../billing/billing-status';
import { limitsValues } from '../plans/plan-features';
import { readCachedAnswer, saveCachedAnswer } from '../../data/cached-answers';
import { billingApi } from '../billing/billing-data';
import { QuotaLine } from './QuotaLine';
import { useLooseT } from './settings-text';
import { SettingsCard } from './SettingsCard';
import { useApi } from '../../session/session-provider';

const CACHE_KEY = 'subscription';

/**
 * The current plan and its status (`GET /api/plans/subscription`), with a link to billing. Each
 * answer is kept on this device: offline the last one shows, with the time it was read.
 */
export function SubscriptionCard() {
  const api = useApi();
  const { t, language } = useLooseT();
  const headingId = useId();
  const [sub, setSub] = useState<Subscription | null | undefined | 'error'>(undefined);
  const [cachedAt, setCachedAt] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    billingApi
      .subscription(api, controller.signal)
      .then((answer) => {
        setSub(answer);
        setCachedAt(null);
        void saveCachedAnswer(CACHE_KEY, answer);
      })
      .catch(async () => {
        if (controller.signal.aborted) return;
        const saved = await readCachedAnswer<Subscription | null>(CACHE_KEY);
        if (controller.signal.aborted) return;
        if (saved) {
          setSub(saved.value);
          setCachedAt(saved.savedAt);
        } else setSub('error');
      });
    return () => controller.abort();
  }, [api]);

  const known = sub === 'error' || sub === undefined ? null : sub;
  const view = statusView(known);
  const format = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
  const date = view.date ? format(view.date) : '';

  return (
    <SettingsCard id={headingId} title={t('settings.subscription.title')}>
      <div className="mt-2 text-sm text-slate-700" aria-live="polite">
        {sub === undefined ? (
          <p>{t('common.loading')}</p>
        ) : sub === 'error' ? (
          <p>{t('settings.subscription.unavailable')}</p>
        ) : (
          <>
            <p>
              <span className="font-semibold text-slate-900">{t(`plans.${currentPlanId(known)}.name`)}</span>
              {' · '}
              {t(view.labelKey)}
            </p>
            <p className="mt-1 text-slate-600">
              {t(view.explanationKey, { plan: t(`plans.${currentPlanId(known)}.name`), date, ...limitsValues('free') })}
            </p>
            {known?.scheduledPlan && known.scheduledAt && (
              <p className="mt-1 text-slate-600">
                {t('billing.scheduledNote', { plan: t(`plans.${known.scheduledPlan}.name`), date: format(known.scheduledAt) })}
              </p>
            )}
            {cachedAt !== null && (
              <p className="mt-1 text-xs text-slate-600">
                {t('settings.subscription.cached', {
                  time: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(cachedAt),
                })}
              </p>
            )}
          </>
        )}
      </div>
      <QuotaLine />
      <ButtonLink to="/dashboard/billing" variant="secondary" className="mt-4">
        {t('settings.subscription.manage')}
      </ButtonLink>
    </SettingsCard>
  );
}
