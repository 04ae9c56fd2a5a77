import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/**
 * An accessible tab list (WAI-ARIA tabs, automatic activation): one tab in the Tab order, arrow
 * keys move and select (mirrored in right-to-left), Home and End jump to the ends.
 */
export function Tabs<K extends string>({
  label,
  items,
  selected,
  onSelect,
  children,
  wrap = false,
}: {
  label: string;
  items: TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
  /** Two tabs a row on a phone (for four tabs whose names are long in some languages). */
  wrap?: boolean;
}) {
  const { i18n } = useTranslation();
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${base}-tab-${key}`;
  const panelId = `${base}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === selected);
    const rtl = i18n.dir() === 'rtl';
    let next: number;
    if (event.key === 'ArrowRight') next = rtl ? index - 1 : index + 1;
    else if (event.key === 'ArrowLeft') next = rtl ? index + 1 : index - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    const item = items[(next + items.length) % items.length];
    if (!item) return;
    onSelect(item.key);
    refs.current.get(item.key)?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className={`flex gap-1 border-b border-slate-200 sm:[&>button]:flex-none sm:[&>button]:px-4 ${
          wrap ? 'flex-wrap max-sm:[&>button]:basis-[calc(50%-0.125rem)]' : ''
        }`}
      >
        {items.map((item) => {
          const active = item.key === selected;
          return (
            <button
              key={item.key}
              ref={(el) => {
                if (el) refs.current.set(item.key, el);
                else refs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={tabId(item.key)}
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(item.key)}
              className={`-mb-px min-h-11 flex-1 border-b-2 px-2 py-2 text-center text-sm leading-tight font-semibold focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 ${
                active
                  ? 'border-indigo-600 text-indigo-700'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
              }`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(selected)}
        tabIndex={0}
        className="pt-6 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
      >
        {children}
      </div>
    </div>
  );
}
