import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '../../ui/Field';
import { CodeField } from './CodeField';
import type { FieldBinding } from './use-auth-fields';

/** The account email: one label, the email keyboard, autofill. */
export function AuthEmailField({ field }: { field: FieldBinding }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.email')}
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      value={field.value}
      onChange={(e) => field.onValue(e.target.value)}
      error={field.error}
    />
  );
}

/**
 * A password with its "Show password" toggle: `current` for signing in, `new` (with the rule as a
 * hint) for choosing one.
 */
export function AuthPasswordField({
  field,
  label,
  name = 'password',
  purpose,
  hint,
  autoFocus,
}: {
  field: FieldBinding;
  label?: string;
  name?: string;
  purpose: 'current' | 'new';
  hint?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <PasswordField
      label={label ?? t('auth.password')}
      name={name}
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      required
      autoFocus={autoFocus}
      value={field.value}
      onChange={(e) => field.onValue(e.target.value)}
      error={field.error}
      hint={hint}
    />
  );
}

/** The six-digit code of a mail. */
export function AuthCodeField({ field, label, autoFocus }: { field: FieldBinding; label: string; autoFocus?: boolean }) {
  return (
    <CodeField
      label={label}
      value={field.value}
      onChange={field.onValue}
      error={field.error}
      {...(autoFocus === undefined ? {} : { autoFocus })}
    />
  );
}
