import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** One button in the toast (Undo); pressing it runs `run` and closes the toast. */
  action?: { label: string; run: () => void };
}

export interface ToastState {
  toasts: Toast[];
  show(toast: Omit<Toast, 'id' | 'variant'> & { variant?: ToastVariant; durationMs?: number }): number;
  dismiss(id: number): void;
}

export const TOAST_DURATION_MS = 6000;
const MAX_TOASTS = 4;

export function createToastStore(schedule: (fn: () => void, ms: number) => unknown = setTimeout) {
  let nextId = 1;
  return createStore<ToastState>()((set, get) => ({
    toasts: [],
    show({ durationMs = TOAST_DURATION_MS, variant = 'default', ...toast }) {
      const id = nextId++;
      // The same message again (a button pressed twice) replaces the one shown instead of stacking.
      const others = get().toasts.filter((t) => t.title !== toast.title || t.description !== toast.description || t.variant !== variant);
      set({ toasts: [...others, { ...toast, variant, id }].slice(-MAX_TOASTS) });
      if (durationMs > 0) schedule(() => get().dismiss(id), durationMs);
      return id;
    },
    dismiss(id) {
      set({ toasts: get().toasts.filter((t) => t.id !== id) });
    },
  }));
}

export const toastStore = createToastStore();

/** Shows a toast; `variant: 'destructive'` is announced assertively. */
export const toast = (input: Parameters<ToastState['show']>[0]) => toastStore.getState().show(input);

export function useToasts(): Toast[] {
  return useStore(toastStore, (s) => s.toasts);
}
