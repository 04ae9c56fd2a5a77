import { useCallback, useState } from 'react';
import type { Platform } from '@shared/marketplaces';
import type { User } from '@shared/schemas/user';
import { CheckboxRow } from '../../ui/CheckboxRow';
import { TextField } from '../../ui/Field';
import { TagInput } from '../../ui/TagInput';
import { profileValues, type ProfileValues } from './settings-forms';
import { useLooseT } from './settings-text';

type SetValue = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) => void;

/** The values of a profile form, first those of `user`; `set` changes one, `reset` starts again from a user. */
export function useProfileValues(user: User): { values: ProfileValues; set: SetValue; reset: (to: User) => void } {
  const [values, setValues] = useState<ProfileValues>(() => profileValues(user));
  const set: SetValue = (key, value) => setValues((v) => ({ ...v, [key]: value }));
  const reset = useCallback((to: User) => setValues(profileValues(to)), []);
  return { values, set, reset };
}

const NAMES = [
  { key: 'firstName', autoComplete: 'given-name' },
  { key: 'lastName', autoComplete: 'family-name' },
] as const;

/** First and last name, side by side (the settings' profile card and the onboarding's first step). */
export function NameFields({ values, set }: { values: ProfileValues; set: SetValue }) {
  const { t } = useLooseT();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {NAMES.map(({ key, autoComplete }) => (
        <TextField
          key={key}
          label={t(`settings.profile.${key}`)}
          name={key}
          autoComplete={autoComplete}
          maxLength={80}
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
        />
      ))}
    </div>
  );
}

/**
 * "My Upwork (Freelancer.com) profile is complete" (the settings' profile card shows both, the
 * onboarding's first step the chosen platform's).
 */
export function ProfileCompleteCheckbox({
  platform,
  values,
  set,
  inputClassName,
}: {
  platform: Platform;
  values: ProfileValues;
  set: SetValue;
  inputClassName?: string;
}) {
  const { t } = useLooseT();
  const key = platform === 'upwork' ? 'upworkProfileComplete' : 'freelancerProfileComplete';
  return (
    <CheckboxRow inputClassName={inputClassName} checked={values[key]} onChange={(on) => set(key, on)}>
      {platform === 'upwork' ? t('settings.profile.upworkComplete') : t('settings.profile.freelancerComplete')}
    </CheckboxRow>
  );
}

/** The profile's skills (at most 100). */
export function SkillsField({ values, set, placeholder }: { values: ProfileValues; set: SetValue; placeholder?: string }) {
  const { t } = useLooseT();
  return (
    <TagInput
      label={t('settings.profile.skills')}
      tags={values.skills}
      onChange={(skills) => set('skills', skills.slice(0, 100))}
      removeLabel={(tag) => t('settings.profile.remove', { item: tag })}
      addLabel={t('settings.profile.add')}
      hint={t('settings.profile.skillsHint')}
      placeholder={placeholder}
    />
  );
}
