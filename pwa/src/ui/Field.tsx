import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

/** What a field takes besides its control's own attributes: the label, the hint and error under the control, the control's extra classes. */
interface FieldFrame {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
}

/** A field's props: its control's attributes (but the id, which the field gives it) and its frame. */
type FieldProps<Attributes> = Omit<Attributes, 'id'> & FieldFrame;

export type TextFieldProps = FieldProps<InputHTMLAttributes<HTMLInputElement>>;

/** The attributes that tie a control to its label, hint and error, and its classes. */
interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

const inputClass =
  'block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-1 focus:outline-indigo-600 aria-[invalid=true]:border-red-600 border-slate-300';

/** A field's frame with a new id, and the rest of its props: its control's own attributes. */
function useField<P extends FieldFrame>({ label, error, hint, className, ...control }: P) {
  return [{ id: useId(), label, error, hint, className }, control] as const;
}

/** The label above a control, `after` and the hint and error below it; `children` draws the control with the props it is given. */
function FieldShell({
  id,
  label,
  error,
  hint,
  className = '',
  after,
  children,
}: FieldFrame & { id: string; after?: ReactNode; children: (control: ControlProps) => ReactNode }) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, className: `${inputClass} ${className}`, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {after}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField(props: TextFieldProps) {
  const [frame, rest] = useField(props);
  return <FieldShell {...frame}>{(control) => <input {...control} {...rest} />}</FieldShell>;
}

/** A password input with a visible "Show password" / "Hide password" toggle below it. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const { t } = useTranslation();
  const [frame, rest] = useField(props);
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell
      {...frame}
      after={
        <button
          type="button"
          className="rounded-sm text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          aria-pressed={visible}
          aria-controls={frame.id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t('auth.hidePassword') : t('auth.showPassword')}
        </button>
      }
    >
      {(control) => <input {...control} type={visible ? 'text' : 'password'} {...rest} />}
    </FieldShell>
  );
}

export function SelectField({ children, ...props }: FieldProps<SelectHTMLAttributes<HTMLSelectElement>>) {
  const [frame, rest] = useField(props);
  return (
    <FieldShell {...frame}>
      {(control) => (
        <select {...control} {...rest}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

export function TextAreaField(props: FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const [frame, rest] = useField(props);
  return <FieldShell {...frame}>{(control) => <textarea {...control} {...rest} />}</FieldShell>;
}
