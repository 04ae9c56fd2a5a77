import { useTranslation } from 'react-i18next';
import type { MatchPart } from './search-match';

const ICON = { for: '+', against: '−', neutral: '•' } as const;
const ICON_CLASS = {
  for: 'bg-emerald-100 text-emerald-800',
  against: 'bg-red-100 text-red-800',
  neutral: 'bg-slate-200 text-slate-700',
} as const;

/**
 * The parts of a match reason, inline: each marked as for the job (+, green) or against it (−, red),
 * and said so to a screen reader ("In favour:", "Against:"), so "Payment not verified" never reads
 * like a point in the job's favour.
 */
export function MatchReasonParts({ parts }: { parts: readonly MatchPart[] }) {
  const { t } = useTranslation();
  return (
    <>
      {parts.map((part, index) => (
        <span key={`${index}-${part.text}`} className="inline" data-tone={part.tone}>
          {index > 0 && (
            <span aria-hidden="true" className="mx-1 text-slate-400">
              ·
            </span>
          )}
          <span
            aria-hidden="true"
            className={`me-1 inline-flex size-4 items-center justify-center rounded-full align-[-0.15em] text-xs leading-none font-bold ${ICON_CLASS[part.tone]}`}
          >
            {ICON[part.tone]}
          </span>
          {part.tone !== 'neutral' && <span className="sr-only">{t(`search.match.tone.${part.tone}`)} </span>}
          <span className={part.tone === 'against' ? 'text-red-800' : undefined}>{part.text}</span>
        </span>
      ))}
    </>
  );
}
