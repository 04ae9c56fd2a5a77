import { CODE_LENGTH } from '@shared/validation-messages';
import { cleanCode } from './code';
import { TextField } from '../../ui/Field';

/** One input for a six-digit code: numeric keyboard, one-time-code autofill, paste-friendly. */
export function CodeField({
  label,
  value,
  onChange,
  error,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      name="code"
      value={value}
      onChange={(e) => onChange(cleanCode(e.target.value))}
      onPaste={(e) => {
        const pasted = cleanCode(e.clipboardData.getData('text'));
        if (pasted.length === CODE_LENGTH) {
          e.preventDefault();
          onChange(pasted);
        }
      }}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={CODE_LENGTH + 8}
      required
      autoFocus={autoFocus}
      error={error}
      className="text-center font-mono text-2xl tracking-[0.5em]"
    />
  );
}
