import type { ReactNode } from 'react';
import { TitledSection } from '../../ui/TitledSection';
import { cardClass } from './settings-text';

/** One section of the settings screen: a card named by its heading, with a line under it. */
export function SettingsCard({ id, title, subtitle, children }: { id: string; title: string; subtitle?: string; children: ReactNode }) {
  return (
    <TitledSection id={id} title={title} className={cardClass} titleClassName="text-lg font-semibold text-slate-900">
      {subtitle !== undefined && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
      {children}
    </TitledSection>
  );
}
