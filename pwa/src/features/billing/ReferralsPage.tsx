import { useEffect, useState, type ReactNode } from 'react';
import { HistoryTable } from '../../ui/HistoryTable';
import { Link } from 'react-router-dom';
import { REFERRAL_DISCOUNT_PERCENT, REFERRALS_FOR_DISCOUNT, type Referral } from '@shared/schemas/billing';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { Button, linkClass } from '../../ui/Button';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { StatCard } from '../../ui/StatCard';
import { displayEmail, referralLink, referralStats, shareUrls } from './billing-referrals';
import { toast } from '../../stores/toast';
import { billingApi, useBillingResource, useBillingT } from './billing-data';
import type { ApiClient } from '../../lib/api';
import { TitledSection } from '../../ui/TitledSection';
import { BillingPageHeader } from './BillingPageHeader';

const loadReferrals = (api: ApiClient, signal: AbortSignal) => billingApi.referrals(api, signal);

const statusBadge: Record<Referral['status'], BadgeVariant> = { paid: 'default', trial: 'secondary', pending: 'outline' };

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (or an old browser): select-and-copy through a hidden field.
    try {
      const field = document.createElement('textarea');
      field.value = text;
      field.setAttribute('readonly', '');
      field.style.position = 'fixed';
      field.style.opacity = '0';
      document.body.appendChild(field);
      field.select();
      const ok = document.execCommand('copy');
      field.remove();
      return ok;
    } catch {
      return false;
    }
  }
}

/** One of the referrals screen's cards: a white panel named by its heading. */
function ReferralsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <TitledSection
      id={id}
      title={title}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      titleClassName="text-base font-semibold text-slate-900"
    >
      {children}
    </TitledSection>
  );
}

function ShareLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  const external = !href.startsWith('mailto:');
  return (
    <a
      href={href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      {children}
      {label}
    </a>
  );
}

const shareIcon = (d: string) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0" fill="currentColor">
    <path d={d} />
  </svg>
);

/**
 * `/dashboard/referrals`: the user's code and link with Copy, share links, the invited / successful
 * / pending counts, the referred friends (masked) and how many paid referrals the 30% discount
 * still needs.
 */
export default function ReferralsPage() {
  const { t, language } = useBillingT();
  const info = useBillingResource('referrals', loadReferrals);
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 3000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (what: 'code' | 'link', text: string) => {
    if (await copyText(text)) {
      setCopied(what);
      toast({ variant: 'success', title: what === 'code' ? t('referrals.codeCopied') : t('referrals.linkCopied') });
    } else {
      toast({ variant: 'destructive', title: t('referrals.copyFailed') });
    }
  };

  let body: ReactNode;
  if (info.loading) {
    body = <LoadingBlock label={t('referrals.loading')} />;
  } else if (!info.data) {
    body = (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900">
        <p className="font-semibold">{t('referrals.loadFailed')}</p>
        <p className="mt-1 text-sm">{t('referrals.loadFailedHelp')}</p>
        <Button variant="secondary" className="mt-4" onClick={info.reload}>
          {t('billing.retry')}
        </Button>
      </div>
    );
  } else {
    const data = info.data;
    const link = referralLink(window.location.origin, data.referralCode);
    const share = shareUrls(link, t('referrals.shareMessage'), t('referrals.shareSubject'));
    const stats = referralStats(data);
    const paidTowards = Math.min(stats.successful, REFERRALS_FOR_DISCOUNT);
    body = (
      <div className="flex flex-col gap-6">
        {info.cachedAt !== null && (
          <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {t('billing.cached', {
              time: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(info.cachedAt),
            })}
          </p>
        )}
        <ReferralsCard id="referral-code" title={t('referrals.codeTitle')}>
          <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
            <p
              className="rounded-lg border border-dashed border-indigo-300 bg-indigo-50 px-4 py-3 font-mono text-xl font-bold tracking-wider break-all text-indigo-900"
              dir="ltr"
              data-testid="referral-code"
            >
              {data.referralCode}
            </p>
            <Button variant="secondary" onClick={() => void copy('code', data.referralCode)} aria-label={t('referrals.copyCode')}>
              {copied === 'code' ? t('referrals.copied') : t('referrals.copy')}
            </Button>
          </div>
          <label htmlFor="referral-link" className="mt-5 block text-sm font-medium text-slate-800">
            {t('referrals.linkLabel')}
          </label>
          <div className="mt-1 flex flex-col gap-3 sm:flex-row">
            <input
              id="referral-link"
              readOnly
              value={link}
              dir="ltr"
              onFocus={(event) => event.currentTarget.select()}
              className="min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
            />
            <Button variant="secondary" onClick={() => void copy('link', link)} aria-label={t('referrals.copyLink')} className="shrink-0">
              {copied === 'link' ? t('referrals.copied') : t('referrals.copy')}
            </Button>
          </div>
          <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm font-medium text-emerald-700">
            {copied === 'code' ? t('referrals.codeCopied') : copied === 'link' ? t('referrals.linkCopied') : ''}
          </p>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">{t('referrals.shareTitle')}</h3>
          <div className="mt-3 flex flex-wrap gap-2">
            <ShareLink href={share.facebook} label={t('referrals.shareOn', { network: 'Facebook' })}>
              {shareIcon('M13.5 21v-7.5H16l.5-3h-3V8.6c0-.9.3-1.6 1.6-1.6h1.6V4.3c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.3H7v3h2.5V21z')}
            </ShareLink>
            <ShareLink href={share.twitter} label={t('referrals.shareOn', { network: 'Twitter' })}>
              {shareIcon('M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z')}
            </ShareLink>
            <ShareLink href={share.whatsapp} label={t('referrals.shareOn', { network: 'WhatsApp' })}>
              {shareIcon(
                'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm5.3 14.1c-.2.6-1.3 1.2-1.8 1.2-.5.1-1 .1-3.2-.8-2.7-1.1-4.4-3.9-4.6-4.1-.1-.2-1.1-1.5-1.1-2.8s.7-2 1-2.3c.2-.3.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 2c.1.2.1.3 0 .5l-.3.5-.4.4c-.1.1-.3.3-.1.6.2.3.7 1.2 1.5 1.9 1 .9 1.9 1.2 2.2 1.3.3.1.4.1.6-.1l.9-1.1c.2-.3.4-.2.6-.1l1.9.9c.3.1.5.2.5.3.1.2.1.7-.1 1.4z',
              )}
            </ShareLink>
            <ShareLink href={share.email} label={t('referrals.shareEmail')}>
              {shareIcon(
                'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2.4V17h16V7.4l-8 5.3zM5.2 7l6.8 4.5L18.8 7z',
              )}
            </ShareLink>
          </div>
        </ReferralsCard>

        <ReferralsCard id="referral-reward" title={t('referrals.rewardTitle', { percent: REFERRAL_DISCOUNT_PERCENT })}>
          <p className="mt-2 text-sm text-slate-700">
            {t('referrals.rewardExplain', { count: REFERRALS_FOR_DISCOUNT, percent: REFERRAL_DISCOUNT_PERCENT })}
          </p>
          <p className="mt-3 text-sm font-medium text-slate-900">
            {data.discountAvailable
              ? t('referrals.unlocked', { percent: REFERRAL_DISCOUNT_PERCENT })
              : data.discountUsed
                ? t('referrals.used', { percent: REFERRAL_DISCOUNT_PERCENT })
                : t('referrals.needed', { count: stats.needed, percent: REFERRAL_DISCOUNT_PERCENT })}
          </p>
          <div
            role="progressbar"
            aria-label={t('referrals.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={REFERRALS_FOR_DISCOUNT}
            aria-valuenow={paidTowards}
            aria-valuetext={t('referrals.progressText', { count: paidTowards, total: REFERRALS_FOR_DISCOUNT })}
            className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-emerald-500" style={{ width: `${(paidTowards / REFERRALS_FOR_DISCOUNT) * 100}%` }} />
          </div>
          {data.discountAvailable && (
            <Link to="/dashboard/billing" className={`${linkClass} mt-3 inline-block text-sm`}>
              {t('referrals.toBilling')}
            </Link>
          )}
        </ReferralsCard>

        <div className="grid grid-cols-3 gap-2 sm:gap-4">
          <StatCard label={t('referrals.stats.total')} value={stats.total} />
          <StatCard label={t('referrals.stats.successful')} value={stats.successful} />
          <StatCard label={t('referrals.stats.pending')} value={stats.pending} />
        </div>

        <ReferralsCard id="referral-history" title={t('referrals.history.title')}>
          {data.referrals.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{t('referrals.history.empty')}</p>
          ) : (
            <>
              <ul className="mt-3 divide-y divide-slate-100 text-sm sm:hidden">
                {data.referrals.map((referral) => (
                  <li key={referral.id} className="flex items-start justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="font-medium break-all text-slate-900" dir="ltr">
                        {displayEmail(referral.email)}
                      </p>
                      <p className="text-slate-600">
                        {t(`plans.${referral.plan}.name`)} ·{' '}
                        {new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(referral.createdAt))}
                      </p>
                    </div>
                    <Badge variant={statusBadge[referral.status]}>{t(`referrals.statuses.${referral.status}`)}</Badge>
                  </li>
                ))}
              </ul>
              <HistoryTable
                className="-mx-5 mt-3 hidden overflow-x-auto sm:-mx-6 sm:block"
                tableClassName="w-full min-w-[28rem] text-sm"
                columns={[
                  t('referrals.history.email'),
                  t('referrals.history.date'),
                  t('referrals.history.plan'),
                  t('referrals.history.status'),
                ]}
              >
                {data.referrals.map((referral) => (
                  <tr key={referral.id}>
                    <td className="px-5 py-3 break-all sm:px-6" dir="ltr">
                      {displayEmail(referral.email)}
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap">
                      {new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(referral.createdAt))}
                    </td>
                    <td className="px-3 py-3">{t(`plans.${referral.plan}.name`)}</td>
                    <td className="px-5 py-3 sm:px-6">
                      <Badge variant={statusBadge[referral.status]}>{t(`referrals.statuses.${referral.status}`)}</Badge>
                    </td>
                  </tr>
                ))}
              </HistoryTable>
            </>
          )}
        </ReferralsCard>
      </div>
    );
  }

  return (
    <div>
      <BillingPageHeader
        current={t('layout.referrals')}
        title={t('referrals.title')}
        subtitle={t('referrals.subtitle', { count: REFERRALS_FOR_DISCOUNT, percent: REFERRAL_DISCOUNT_PERCENT })}
      />
      <div className="mt-6">{body}</div>
    </div>
  );
}
