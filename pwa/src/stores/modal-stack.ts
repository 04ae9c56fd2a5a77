import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

/**
 * The modal dialogs open now, the topmost last. A modal `<dialog>` makes the rest of the page inert
 * and covers it, so the toasts are shown inside the topmost one while any is open.
 */
export interface ModalStackState {
  stack: string[];
  push(id: string): void;
  remove(id: string): void;
}

export const modalStack = createStore<ModalStackState>()((set) => ({
  stack: [],
  push: (id) => set((state) => ({ stack: [...state.stack.filter((other) => other !== id), id] })),
  remove: (id) => set((state) => ({ stack: state.stack.filter((other) => other !== id) })),
}));

/** The id of the topmost open modal dialog, if any. */
export function useTopModal(): string | undefined {
  return useStore(modalStack, (state) => state.stack[state.stack.length - 1]);
}
