import { useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * A button that shows and hides a panel (menu, popover, mobile navigation): the button toggles it
 * (Enter and Space come with the native button), Escape and a click outside close it and give the
 * focus back to the button; opening moves the focus to the panel's first link or button.
 */
export function useDisclosure<TContainer extends HTMLElement = HTMLDivElement>({ focusFirst = true }: { focusFirst?: boolean } = {}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<TContainer>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    if (focusFirst) {
      const first = panelRef.current?.querySelector<HTMLElement>('[aria-current="true"], a[href], button:not([disabled])');
      first?.focus();
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close(true);
      }
    };
    const onPointer = (event: MouseEvent | TouchEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
    };
  }, [open, close, focusFirst]);

  return {
    open,
    setOpen,
    close,
    toggle: () => setOpen((value) => !value),
    containerRef,
    panelRef,
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
    },
    panelProps: { id: panelId },
  };
}
