import { useId, useState, type ReactNode } from 'react';
import { StrokeIcon } from './StrokeIcon';

/** Adds `raw` (trimmed) to `tags` unless blank or already there (case-insensitive). */
export function addTag(tags: readonly string[], raw: string): string[] {
  const tag = raw.trim();
  if (tag === '' || tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}

/**
 * A list of short texts: type and press Enter (or a comma, when `commaAdds`, or the add button
 * when `addLabel` is given) to add; each tag has a remove button named "Remove …".
 */
export function TagInput({
  label,
  tags,
  onChange,
  removeLabel,
  addLabel,
  commaAdds = true,
  hint,
  placeholder,
  type = 'text',
  display,
}: {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  removeLabel: (tag: string) => string;
  addLabel?: string;
  commaAdds?: boolean;
  hint?: ReactNode;
  placeholder?: string;
  type?: 'text' | 'url';
  /** How a tag is shown (its text by default): "IN · India" for a country code. */
  display?: (tag: string) => string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const commit = (text: string) => {
    const parts = commaAdds ? text.split(',') : [text];
    let next = tags;
    for (const part of parts) next = addTag(next, part);
    if (next.length !== tags.length) onChange(next);
    setDraft('');
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type={type}
          value={draft}
          placeholder={placeholder}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => {
            const value = e.target.value;
            if (commaAdds && value.includes(',')) commit(value);
            else setDraft(value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit(draft);
            }
          }}
          onBlur={() => {
            if (commaAdds && draft.trim() !== '') commit(draft);
          }}
          className="block min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-1 focus:outline-indigo-600"
        />
        {addLabel && (
          <button
            type="button"
            onClick={() => commit(draft)}
            className="inline-flex min-h-11 shrink-0 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {addLabel}
          </button>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-2 pt-1" aria-label={label}>
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-50 py-1 ps-3 pe-1 text-sm text-indigo-900"
            >
              <span className="truncate">{display ? display(tag) : tag}</span>
              <button
                type="button"
                onClick={() => onChange(tags.filter((t) => t !== tag))}
                aria-label={removeLabel(tag)}
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <StrokeIcon className="size-4">
                  <path d="M7 7l10 10M17 7L7 17" />
                </StrokeIcon>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
