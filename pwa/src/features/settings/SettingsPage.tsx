import { useId } from 'react';
import { useAuth } from '../../session/session-provider';
import { LanguagePicker } from '../../ui/LanguagePicker';
import { NotificationSettings } from '../notifications/NotificationSettings';
import { PageSpinner } from '../../ui/Spinner';
import { useSyncedProfile } from '../../data/use-plan-limits';
import { DataCard } from './DataCard';
import { IntegrationsPanel } from './IntegrationsPanel';
import { LearningCard } from './LearningCard';
import { ProfileCard } from './ProfileCard';
import { ResumeCard } from './ResumeCard';
import { SubscriptionCard } from './SubscriptionCard';
import { TelegramCard } from './TelegramCard';
import { cardClass, useLooseT } from './settings-text';
import { TitledSection } from '../../ui/TitledSection';

/**
 * `/settings`: language, profile, résumé, what the match score learnt, platform integrations,
 * notifications (push and Telegram), the subscription card linking to billing, and the user's data
 * (download it, delete the account).
 */
export default function SettingsPage() {
  const { t } = useLooseT();
  const { user: sessionUser } = useAuth();
  const synced = useSyncedProfile();
  // The profile here (with unsent edits) once the sync has it; the session's user before that.
  const user = synced && synced.id === sessionUser?.id ? synced : sessionUser;
  const languageId = useId();
  if (!user) return <PageSpinner label={t('common.loading')} />;
  return (
    <div className="w-full max-w-3xl min-w-0 space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('settings.title')}</h1>
        <p className="mt-1 text-slate-600">{t('settings.subtitle')}</p>
      </header>
      <TitledSection
        id={languageId}
        title={t('settings.language.title')}
        className={cardClass}
        titleClassName="text-lg font-semibold text-slate-900"
      >
        <p className="mt-1 mb-3 text-sm text-slate-600">{t('settings.language.subtitle')}</p>
        <LanguagePicker />
      </TitledSection>
      <ProfileCard user={user} />
      <ResumeCard />
      <LearningCard />
      <IntegrationsPanel />
      {/* NotificationSettings brings its own card (and top margin). */}
      <div className="-mt-6">
        <NotificationSettings />
      </div>
      <TelegramCard />
      <SubscriptionCard />
      <DataCard />
    </div>
  );
}
