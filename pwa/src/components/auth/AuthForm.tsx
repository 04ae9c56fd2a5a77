import type { FormEvent, ReactNode } from 'react';
import { Button } from '../Button';

/**
 * The form of an account screen: the browser's own validation off (the shared schemas check and
 * say why), its fields, and one full-width submit button; `after` goes below the button.
 */
export function AuthForm({
  onSubmit,
  submitLabel,
  busy = false,
  disabled = false,
  children,
  after,
}: {
  onSubmit: () => void | Promise<void>;
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
    <form noValidate onSubmit={submit} className="space-y-5">
      {children}
      <Button type="submit" busy={busy} disabled={disabled} className="w-full">
        {submitLabel}
      </Button>
      {after}
    </form>
  );
}
