import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  PROFILE_OVERVIEW_MAX,
  PROFILE_PORTFOLIO_MAX,
  PROFILE_TITLE_MAX,
  PROFILE_URL_MAX,
  PROFILE_WORK_HISTORY_MAX,
  type User,
} from '@shared/schemas/user';
import { useAuthStore } from '../../session/session-provider';
import { Button } from '../../ui/Button';
import { TextAreaField, TextField } from '../../ui/Field';
import { TagInput } from '../../ui/TagInput';
import { isWebLink, profileChanges } from './settings-forms';
import { NameFields, ProfileCompleteCheckbox, SkillsField, useProfileValues } from './ProfileFields';
import { useOnline } from '../../lib/use-online';
import { appProfileRepository } from '../../sync/app-repositories';
import { recordTopic, toast } from '../../stores/toast';
import { useLooseT } from './settings-text';
import { SettingsCard } from './SettingsCard';

/**
 * Profile fields (names, title and overview, skills, portfolio links, platform profile
 * completeness). Saved on this device at once and synced through the outbox (offline too): only
 * the fields that differ from the profile the form shows (`base`), with its version, so a change
 * made elsewhere meanwhile is kept, or shown as a conflict when the same field was changed here.
 */
export function ProfileCard({ user }: { user: User }) {
  const authStore = useAuthStore();
  const { t } = useLooseT();
  const online = useOnline();
  const headingId = useId();
  const overviewId = useId();
  const { values, set, reset } = useProfileValues(user);
  const [busy, setBusy] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);
  // The profile addresses are checked on Save; an error goes when the field is changed.
  const [urlErrors, setUrlErrors] = useState<Partial<Record<'upworkProfileUrl' | 'freelancerProfileUrl', string>>>({});

  // What the user sees: a sync or another tab moves it only while the form has no unsaved edits.
  const [base, setBase] = useState(user);
  const changes = profileChanges(base, values);
  const dirty = Object.keys(changes).length > 0;
  useEffect(() => {
    if (user === base || dirty) return;
    setBase(user);
    reset(user);
  }, [user, base, dirty, reset]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || busy) return;
    const badUrls = (['upworkProfileUrl', 'freelancerProfileUrl'] as const).filter((key) => values[key].trim() && !isWebLink(values[key]));
    if (badUrls.length > 0) {
      setUrlErrors(Object.fromEntries(badUrls.map((key) => [key, t('settings.profile.invalidLink')])));
      document.querySelector<HTMLInputElement>(`input[name="${badUrls[0]}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await appProfileRepository(user.id).edit(changes, base);
      authStore.getState().setUser(saved);
      setBase(saved);
      reset(saved);
      toast({
        variant: 'success',
        title: t('settings.profile.savedTitle'),
        topic: recordTopic({ entity: 'profile', entityId: user.id }),
        description: online ? t('settings.profile.savedBody') : t('settings.profile.savedOffline'),
      });
    } catch (cause) {
      console.error('profile save failed', cause);
      toast({ variant: 'destructive', title: t('settings.profile.failedTitle'), description: t('settings.profile.failedBody') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsCard id={headingId} title={t('settings.profile.title')} subtitle={t('settings.profile.subtitle')}>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-5">
        <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950">{t('settings.profile.prefillNote')}</p>
        <NameFields values={values} set={set} />
        <TextField
          label={t('settings.profile.headline')}
          name="profileTitle"
          maxLength={PROFILE_TITLE_MAX}
          hint={t('settings.profile.headlineHint')}
          value={values.profileTitle}
          onChange={(e) => set('profileTitle', e.target.value)}
        />
        <div className="space-y-1.5">
          <label htmlFor={overviewId} className="block text-sm font-medium text-slate-800">
            {t('settings.profile.overview')}
          </label>
          <textarea
            id={overviewId}
            name="profileOverview"
            rows={4}
            maxLength={PROFILE_OVERVIEW_MAX}
            aria-describedby={`${overviewId}-hint`}
            value={values.profileOverview}
            onChange={(e) => set('profileOverview', e.target.value)}
            className="block min-h-24 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-indigo-600"
          />
          <p id={`${overviewId}-hint`} className="text-xs text-slate-600">
            {t('settings.profile.overviewHint')}
          </p>
        </div>
        <TextAreaField
          label={t('settings.profile.workHistory')}
          name="workHistory"
          rows={5}
          dir="auto"
          maxLength={PROFILE_WORK_HISTORY_MAX}
          hint={t('settings.profile.workHistoryHint')}
          value={values.workHistory}
          onChange={(e) => set('workHistory', e.target.value)}
        />
        <SkillsField values={values} set={set} placeholder={t('settings.profile.skillsPlaceholder')} />
        <TextAreaField
          label={t('settings.profile.portfolio')}
          name="portfolio"
          rows={3}
          dir="auto"
          maxLength={PROFILE_PORTFOLIO_MAX}
          hint={t('settings.profile.portfolioTextHint')}
          value={values.portfolio}
          onChange={(e) => set('portfolio', e.target.value)}
        />
        <div>
          <TagInput
            label={t('settings.profile.portfolioLinks')}
            tags={values.portfolioLinks}
            type="url"
            commaAdds={false}
            onChange={(links) => {
              const bad = links.find((link) => !isWebLink(link));
              if (bad) {
                setLinkError(t('settings.profile.invalidLink'));
                return;
              }
              setLinkError(null);
              set('portfolioLinks', links.slice(0, 20));
            }}
            removeLabel={(tag) => t('settings.profile.remove', { item: tag })}
            addLabel={t('settings.profile.add')}
            hint={t('settings.profile.portfolioHint')}
            placeholder="https://"
          />
          {linkError && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {linkError}
            </p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {(['upworkProfileUrl', 'freelancerProfileUrl'] as const).map((key) => (
            <TextField
              key={key}
              label={t(`settings.profile.${key}`)}
              name={key}
              type="url"
              inputMode="url"
              dir="ltr"
              placeholder="https://"
              maxLength={PROFILE_URL_MAX}
              value={values[key]}
              error={urlErrors[key]}
              onChange={(e) => {
                set(key, e.target.value);
                if (urlErrors[key]) setUrlErrors((current) => ({ ...current, [key]: undefined }));
              }}
            />
          ))}
        </div>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-800">{t('settings.profile.completeness')}</legend>
          <p className="text-xs text-slate-600">{t('settings.profile.completenessHint')}</p>
          <ProfileCompleteCheckbox platform="upwork" values={values} set={set} />
          <ProfileCompleteCheckbox platform="freelancer" values={values} set={set} />
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={busy} disabled={!dirty}>
            {busy ? t('settings.profile.saving') : t('settings.profile.save')}
          </Button>
          {dirty && !busy && (
            <Button
              variant="ghost"
              onClick={() => {
                setBase(user);
                reset(user);
              }}
            >
              {t('settings.profile.discard')}
            </Button>
          )}
        </div>
      </form>
    </SettingsCard>
  );
}
