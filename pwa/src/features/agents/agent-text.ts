import type { TFunction } from 'i18next';
import { looseT as loose } from '../../lib/loose-t';

export { loose };

/** The translated label of an agent field (`agents.fields.<name>`), the name itself if unknown. */
export function fieldLabel(t: TFunction, name: string): string {
  return loose(t)(`agents.fields.${name}`, { defaultValue: name });
}

/** The translated name of one choice (`agents.options.<group>.<value>`). */
export function optionLabel(t: TFunction, group: string, value: string): string {
  return loose(t)(`agents.options.${group}.${value}`, { defaultValue: value });
}

/** A date (ISO text) in the user's language; '' for none or an unreadable one. */
export function formatDate(iso: string | null | undefined, language: string, withTime = false): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(date);
}
