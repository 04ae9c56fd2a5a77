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
  /**
   * What the toast is about (`signin`, `agent:<id>`): a newer toast on the same topic replaces it, so
   * "Authentication failed" never stays beside "Login successful".
   */
  topic?: string;
}

export interface ToastState {
  toasts: Toast[];
  show(toast: Omit<Toast, 'id' | 'variant'> & { variant?: ToastVariant; durationMs?: number }): number;
  dismiss(id: number): void;
  /** Closes every toast on a topic (a sync conflict about a change a toast called saved). */
  dismissTopic(topic: string): void;
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
      const others = get().toasts.filter(
        (t) =>
          (t.title !== toast.title || t.description !== toast.description || t.variant !== variant) &&
          (toast.topic === undefined || t.topic !== toast.topic),
      );
      set({ toasts: [...others, { ...toast, variant, id }].slice(-MAX_TOASTS) });
      if (durationMs > 0) schedule(() => get().dismiss(id), durationMs);
      return id;
    },
    dismiss(id) {
      set({ toasts: get().toasts.filter((t) => t.id !== id) });
    },
    dismissTopic(topic) {
      set({ toasts: get().toasts.filter((t) => t.topic !== topic) });
    },
  }));
}

export const toastStore = createToastStore();

/**
 * The toast topic of a synced record (`agent:<id>`, `profile:<userId>`): a save's toast carries it,
 * and a sync notice about the same record (a conflict, a refusal) closes it.
 */
export const recordTopic = (record: { entity: string; entityId: string }): string => `${record.entity}:${record.entityId}`;

/** Shows a toast; `variant: 'destructive'` is announced assertively. */
export const toast = (input: Parameters<ToastState['show']>[0]) => toastStore.getState().show(input);

export function useToasts(): Toast[] {
  return useStore(toastStore, (s) => s.toasts);
}
