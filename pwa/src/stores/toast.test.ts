import { describe, expect, it } from 'vitest';
import { createToastStore } from './toast';

describe('toasts', () => {
  it('shows the same message once however often it is raised, and keeps different ones', () => {
    const timers: Array<() => void> = [];
    const store = createToastStore((fn) => timers.push(fn));
    const { show } = store.getState();
    show({ title: 'Please fill in the title', variant: 'destructive' });
    show({ title: 'Please fill in the title', variant: 'destructive' });
    show({ title: 'Please fill in the title', variant: 'destructive' });
    show({ title: 'Saved', variant: 'success' });
    expect(store.getState().toasts.map((t) => t.title)).toEqual(['Please fill in the title', 'Saved']);
    // The older copies' timers close nothing that is still shown.
    timers[0]!();
    timers[1]!();
    expect(store.getState().toasts).toHaveLength(2);
  });
});
