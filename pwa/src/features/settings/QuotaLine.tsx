import { useEffect, useState } from 'react';
import { coverLetterQuotaSchema, type CoverLetterQuota } from '@shared/schemas/quota';
import { useAuth, useApi } from '../../session/session-provider';
import { useLooseT } from './settings-text';

/**
 * Today's cover letters against the plan's daily quota (the user's local day). Letters of drafts
 * that were discarded or cancelled do not count; when it is used up, agents wait for tomorrow.
 */
export function QuotaLine() {
  const api = useApi();
  const { t } = useLooseT();
  const { user } = useAuth();
  const [quota, setQuota] = useState<CoverLetterQuota | null | 'error'>(null);

  useEffect(() => {
    if (!user) return;
    const controller = new AbortController();
    api
      .get(`/users/${encodeURIComponent(user.id)}/cover-letter-quota`, coverLetterQuotaSchema, { signal: controller.signal })
      .then(setQuota)
      .catch(() => {
        if (!controller.signal.aborted) setQuota('error');
      });
    return () => controller.abort();
  }, [api, user]);

  if (quota === null) return null;
  if (quota === 'error') return <p className="mt-3 text-sm text-slate-600">{t('settings.quota.unavailable')}</p>;
  return (
    <div className="mt-3 text-sm text-slate-700">
      <p>
        <span className="font-semibold text-slate-900">{t('settings.quota.today', { used: quota.used, limit: quota.limit })}</span>
      </p>
      <p className="mt-1 text-slate-600">{quota.used >= quota.limit ? t('settings.quota.spent') : t('settings.quota.explain')}</p>
    </div>
  );
}
