import { useEffect, useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { modalStack } from '../stores/modal-stack';
import { StrokeIcon } from './StrokeIcon';
import { Toaster } from './Toaster';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** The focusable elements inside `root`, in tab order (visible ones only). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0 || el === document.activeElement);
}

/**
 * For what is not a `<dialog>` (the dashboard's drawer): keeps Tab and Shift+Tab inside `container` while `active`, calls `onEscape` on Escape, moves the
 * focus in on open (to `initialFocus` or the first focusable element) and gives it back to whatever
 * had it before on close.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  options: { onEscape?: () => void; initialFocus?: RefObject<HTMLElement | null> } = {},
) {
  const onEscape = useRef(options.onEscape);
  useEffect(() => {
    onEscape.current = options.onEscape;
  });
  const initialFocus = options.initialFocus;

  useEffect(() => {
    if (!active) return;
    const root = container.current;
    if (!root) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = initialFocus?.current ?? focusableIn(root)[0] ?? root;
    first.focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && onEscape.current) {
        event.stopPropagation();
        onEscape.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(root);
      if (items.length === 0) {
        event.preventDefault();
        root.focus();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const current = document.activeElement;
      if (event.shiftKey && (current === firstItem || !root.contains(current))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (current === lastItem || !root.contains(current))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      if (before?.isConnected) before.focus();
    };
  }, [active, container, initialFocus]);
}

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (end-aligned; stacked on narrow screens). */
  footer?: ReactNode;
  /** A click on the backdrop closes the dialog (default); false for confirmations that must be answered. */
  dismissOnOutsideClick?: boolean;
  /** `alertdialog` for confirmations of destructive actions. */
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg' | 'xl';
  initialFocus?: RefObject<HTMLElement | null>;
}

const widths = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl', xl: 'sm:max-w-4xl' };

/** Whether a pointer event on the `<dialog>` itself fell outside its box: on its `::backdrop`. */
function onBackdrop(event: MouseEvent<HTMLDialogElement>): boolean {
  if (event.target !== event.currentTarget) return false;
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}

/**
 * A modal dialog on the native `<dialog>` and `showModal()`: the browser keeps the focus inside and
 * makes the page behind inert, Escape cancels (answered with `onClose`, so the caller's state stays
 * the truth), the `::backdrop` dims the page; on close the focus goes back to what opened it.
 * Labelled by its title and described by its description; the page behind does not scroll. On
 * small screens it is a bottom sheet.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  dismissOnOutsideClick = true,
  role = 'dialog',
  size = 'md',
  initialFocus,
}: DialogProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const close = useRef(onClose);
  const wanted = useRef(open);
  useEffect(() => {
    close.current = onClose;
    wanted.current = open;
  });

  // Opened as a modal once in the page; closed (and the focus given back) when `open` turns false.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    const first = initialFocus?.current;
    if (first) first.focus();
    modalStack.getState().push(titleId);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      modalStack.getState().remove(titleId);
      document.body.style.overflow = overflow;
      wanted.current = false;
      if (element.open) element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocus, titleId]);

  if (!open) return null;
  return createPortal(
    <dialog
      ref={dialog}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: the caller decides (it may be busy); the dialog stays until `open` turns false.
        event.preventDefault();
        close.current();
      }}
      onClose={(event) => {
        if (!wanted.current) return;
        // Closed by the browser itself (Escape pressed again while the caller keeps it open, say a
        // save is under way): tell the caller, and open it again if it still wants it open.
        close.current();
        const element = event.currentTarget;
        setTimeout(() => {
          if (wanted.current && element.isConnected && !element.open) element.showModal();
        }, 0);
      }}
      onMouseDown={(event) => {
        if (dismissOnOutsideClick && onBackdrop(event)) close.current();
      }}
      className={`fixed inset-x-0 top-auto bottom-0 mx-auto mt-auto mb-0 flex max-h-[92dvh] w-full max-w-full flex-col rounded-t-2xl bg-white p-0 text-start shadow-xl backdrop:bg-slate-900/50 focus:outline-none sm:inset-y-0 sm:m-auto sm:w-[calc(100%-2rem)] sm:rounded-2xl ${widths[size]}`}
    >
      <div className="flex items-start gap-3 border-b border-slate-100 px-5 pt-5 pb-3">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-1 text-sm text-slate-600">
              {description}
            </div>
          )}
        </div>
        <button
          type="button"
          onClick={() => close.current()}
          aria-label={t('common.close')}
          className="-m-1 inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <StrokeIcon className="size-5">
            <path d="M6 6l12 12M18 6L6 18" />
          </StrokeIcon>
        </button>
      </div>
      {children && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>}
      {footer && <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end">{footer}</div>}
      <Toaster within={titleId} />
    </dialog>,
    document.body,
  );
}
