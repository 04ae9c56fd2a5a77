import { useCallback, useState } from 'react';
import { withoutError } from '../../lib/form-errors';

/** What an account screen's field needs: its value, its message, and a setter that clears the message. */
export interface FieldBinding {
  value: string;
  error: string | undefined;
  onValue: (value: string) => void;
}

/**
 * The values and messages of an account screen's fields. Typing in a field clears its message;
 * `bind(name)` gives a field what it needs.
 */
export function useAuthFields<Name extends string>(initial: Record<Name, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = useCallback((name: Name, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(withoutError(name));
  }, []);
  const bind = (name: Name): FieldBinding => ({ value: values[name], error: errors[name], onValue: (value) => set(name, value) });
  return { values, errors, setErrors, set, bind };
}
