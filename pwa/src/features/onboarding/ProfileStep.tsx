import { useState, type FormEvent } from 'react';
import type { AgentPlatform } from '@shared/schemas/agent';
import type { User } from '@shared/schemas/user';
import { useAuth } from '../../session/session-provider';
import { Button } from '../../ui/Button';
import { NameFields, ProfileCompleteCheckbox, SkillsField, useProfileValues } from '../settings/ProfileFields';
import { profileChanges } from '../settings/settings-forms';
import { useErrorText } from '../../lib/use-error-text';
import { toast } from '../../stores/toast';
import { useLooseT } from '../settings/settings-text';

/** Step 1, Profile Setup: an intro, a few optional profile fields, and Continue (which saves what changed). */
export function ProfileStep({
  user,
  platform,
  formId,
  onDone,
}: {
  user: User;
  platform: AgentPlatform;
  formId: string;
  onDone: () => void;
}) {
  const { t } = useLooseT();
  const { describe } = useErrorText();
  const { updateProfile } = useAuth();
  // The profile as the step was opened on: only what differs from it is sent, with its version as the base.
  const [opened] = useState(user);
  const { values, set } = useProfileValues(user);
  const [busy, setBusy] = useState(false);

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
      toast({
        variant: 'destructive',
        title: t('settings.profile.failedTitle'),
        description: describe(cause, t('settings.profile.failedBody')),
      });
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
      <NameFields values={values} set={set} />
      <SkillsField values={values} set={set} />
      <ProfileCompleteCheckbox
        platform={platform}
        values={values}
        set={set}
        inputClassName="size-5 shrink-0 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      />
      <Button type="submit" busy={busy} className="w-full sm:w-auto">
        {t('onboarding.profile.continue')}
      </Button>
    </form>
  );
}
