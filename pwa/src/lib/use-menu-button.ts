import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

const ITEMS = '[role="menuitem"],[role="menuitemradio"],[role="menuitemcheckbox"]';

/** The enabled items of a menu, in order. */
function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>(ITEMS)].filter((item) => item.getAttribute('aria-disabled') !== 'true') : [];
}

/**
 * A menu button as the ARIA Authoring Practices have it: the button (`aria-haspopup="menu"`) opens
 * the menu on click, Enter, Space or Down (first item) and Up (last item); in the menu, Up and Down
 * move between items (wrapping), Home and End go to the first and last; Escape closes it and gives
 * the focus back to the button; Tab, or the focus leaving it any other way, and a click outside close
 * it. Items are `role="menuitem"` (or `menuitemradio`) with `tabIndex={-1}`: the menu holds one
 * focus at a time.
 */
export function useMenuButton({ initial = 'first' }: { initial?: 'first' | 'checked' } = {}) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const buttonId = useId();
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);

  const show = useCallback((value: boolean) => setOpen(value ? 'first' : false), []);
  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const items = itemsOf(menuRef.current);
    const checked = initial === 'checked' ? items.find((item) => item.getAttribute('aria-checked') === 'true') : undefined;
    (open === 'last' ? items[items.length - 1] : (checked ?? items[0]))?.focus();
    const onPointer = (event: MouseEvent | TouchEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
    };
  }, [open, close, initial]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const items = itemsOf(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const go = (next: number) => {
      event.preventDefault();
      items[(next + items.length) % items.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return go(index + 1);
      case 'ArrowUp':
        return go(index < 0 ? items.length - 1 : index - 1);
      case 'Home':
        return go(0);
      case 'End':
        return go(items.length - 1);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case 'Tab':
        // The focus moves on as Tab would from the button; the menu closes.
        return close(false);
      default:
        return undefined;
    }
  };

  // The focus left the menu and its button (a click elsewhere, a screen reader's own navigation).
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !containerRef.current?.contains(next)) close(false);
  };

  return {
    open: open !== false,
    setOpen: show,
    close,
    containerRef,
    buttonProps: {
      ref: buttonRef,
      id: buttonId,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open !== false,
      'aria-controls': open !== false ? menuId : undefined,
      onClick: () => setOpen((value) => (value ? false : 'first')),
      onKeyDown: onButtonKeyDown,
    },
    menuProps: {
      ref: (node: HTMLElement | null) => {
        menuRef.current = node;
      },
      id: menuId,
      role: 'menu' as const,
      'aria-labelledby': buttonId,
      onKeyDown: onMenuKeyDown,
      onBlur,
    },
  };
}
