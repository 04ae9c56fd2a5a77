import type { ReactNode } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { useBillingT } from './billing-data';

/** The top of the billing screens (billing, referrals): the breadcrumb from the dashboard to `current`, the title and a line under it. */
export function BillingPageHeader({
  current,
  title,
  subtitle,
  separatorClassName,
}: {
  current: string;
  title: ReactNode;
  subtitle: ReactNode;
  separatorClassName?: string;
}) {
  const { t } = useBillingT();
  return (
    <PageHeader
      breadcrumb={{
        label: t('billing.breadcrumb'),
        trail: [{ to: '/dashboard', label: t('layout.dashboard') }],
        current,
        separatorClassName,
      }}
      title={title}
      subtitle={subtitle}
    />
  );
}
