import { useState, type FormEvent } from 'react';
import type { AgentPlatform } from '@shared/schemas/agent';
import type { User } from '@shared/schemas/user';
import { useAuth } from '../../session/auth-provider';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { TagInput } from '../../ui/TagInput';
import { profileChanges, profileValues, type ProfileValues } from '../settings/settings-forms';
import { useErrorText } from '../../lib/use-error-text';
import { toast } from '../../stores/toast';
import { useLooseT } from '../settings/settings-text';

/** Step 1, Profile Setup: an intro, a few optional profile fields, and Continue (which saves what changed). */
export function ProfileStep({ user, platform, formId, onDone }: { user: User; platform: AgentPlatform; formId: string; onDone: () => void }) {
  const { t } = useLooseT();
  const { describe } = useErrorText();
  const { updateProfile } = useAuth();
  // The profile as the step was opened on: only what differs from it is sent, with its version as the base.
  const [opened] = useState(user);
  const [values, setValues] = useState<ProfileValues>(() => profileValues(user));
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const completeKey = platform === 'upwork' ? 'upworkProfileComplete' : 'freelancerProfileComplete';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const changes = profileChanges(opened, values);
    if (Object.keys(changes).length === 0) return onDone();
    setBusy(true);
    try {
      await updateProfile({ ...changes, baseVersion: opened.version });
      onDone();
    } catch (cause) {
      toast({ variant: 'destructive', title: t('settings.profile.failedTitle'), description: describe(cause, t('settings.profile.failedBody')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      <div className="space-y-2 text-slate-700">
        <p>{t('onboarding.profile.intro')}</p>
        <ul className="list-disc space-y-1 ps-5 text-sm">
          <li>{t('onboarding.profile.point1')}</li>
          <li>{t('onboarding.profile.point2')}</li>
          <li>{t('onboarding.profile.point3')}</li>
        </ul>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('settings.profile.firstName')} name="firstName" autoComplete="given-name" maxLength={80} value={values.firstName} onChange={(e) => set('firstName', e.target.value)} />
        <TextField label={t('settings.profile.lastName')} name="lastName" autoComplete="family-name" maxLength={80} value={values.lastName} onChange={(e) => set('lastName', e.target.value)} />
      </div>
      <TagInput
        label={t('settings.profile.skills')}
        tags={values.skills}
        onChange={(skills) => set('skills', skills.slice(0, 100))}
        removeLabel={(tag) => t('settings.profile.remove', { item: tag })}
        addLabel={t('settings.profile.add')}
        hint={t('settings.profile.skillsHint')}
      />
      <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          checked={values[completeKey]}
          onChange={(e) => set(completeKey, e.target.checked)}
        />
        {platform === 'upwork' ? t('settings.profile.upworkComplete') : t('settings.profile.freelancerComplete')}
      </label>
      <Button type="submit" busy={busy} className="w-full sm:w-auto">
        {t('onboarding.profile.continue')}
      </Button>
    </form>
  );
}
