import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../ui/Button';

/**
 * The form of an account screen: the browser's own validation off (the shared schemas check and
 * say why), its fields, and one full-width submit button; `after` goes below the button.
 * `prepare` runs when a field or the button gets focus: it starts loading what submitting needs
 * while the user fills the form in.
 */
export function AuthForm({
  onSubmit,
  prepare,
  submitLabel,
  busy = false,
  disabled = false,
  children,
  after,
}: {
  onSubmit: () => void | Promise<void>;
  prepare?: () => void;
  submitLabel: string;
  busy?: boolean;
  disabled?: boolean;
  children: ReactNode;
  after?: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} onFocus={prepare} className="space-y-5">
      {children}
      <Button type="submit" busy={busy} disabled={disabled} className="w-full">
        {submitLabel}
      </Button>
      {after}
    </form>
  );
}
