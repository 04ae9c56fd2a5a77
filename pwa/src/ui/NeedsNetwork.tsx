import { useTranslation } from 'react-i18next';
import { StrokeIcon } from './StrokeIcon';

/** Said beside an action that needs the network while the device is offline (the action is disabled). */
export function NeedsNetwork({ className = '', text }: { className?: string; text?: string }) {
  const { t } = useTranslation();
  return (
    <p role="note" className={`flex items-center gap-2 text-sm text-slate-700 ${className}`}>
      <StrokeIcon className="size-4 shrink-0 text-slate-500">
        <path d="M2 8.8a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
      </StrokeIcon>
      <span>{text ?? t('common.needsNetwork')}</span>
    </p>
  );
}
