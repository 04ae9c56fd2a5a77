import { useTranslation } from 'react-i18next';
import { useTopModal } from '../stores/modal-stack';
import { toastStore, useToasts, type Toast } from '../stores/toast';

const variantClass: Record<Toast['variant'], string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-600 text-white',
};

/**
 * The toast area: polite announcements in one live region, destructive ones as alerts. Both
 * regions always exist in the page so screen readers pick up what is added to them. The page's
 * toaster shows nothing while a modal dialog is open: the topmost dialog's own (`within`) does,
 * since the page behind a modal is inert and covered.
 */
export function Toaster({ within }: { within?: string }) {
  const { t } = useTranslation();
  const top = useTopModal();
  const all = useToasts();
  const toasts = top === within ? all : [];
  const render = (toast: Toast) => (
    <div
      key={toast.id}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg ${variantClass[toast.variant]}`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-0.5 text-sm break-words opacity-90">{toast.description}</p>}
      </div>
      {toast.action && (
        <button
          type="button"
          onClick={() => {
            toast.action!.run();
            toastStore.getState().dismiss(toast.id);
          }}
          className="min-h-11 shrink-0 rounded-md px-3 text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-current"
        >
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        onClick={() => toastStore.getState().dismiss(toast.id)}
        className="-m-1 rounded-md p-1 text-current opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
        aria-label={t('common.dismiss')}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
  return (
    <section
      aria-label={t('common.notifications')}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      <div role="status" aria-live="polite" aria-atomic="false" className="flex w-full max-w-sm flex-col gap-2">
        {toasts.filter((toast) => toast.variant !== 'destructive').map(render)}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="false" className="flex w-full max-w-sm flex-col gap-2">
        {toasts.filter((toast) => toast.variant === 'destructive').map(render)}
      </div>
    </section>
  );
}
