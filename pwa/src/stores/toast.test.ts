import { describe, expect, it } from 'vitest';
import { createToastStore, recordTopic } from './toast';

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

  it('replaces a toast on the same topic: a failed sign-in does not stay beside the successful one', () => {
    const store = createToastStore(() => undefined);
    const { show } = store.getState();
    show({ title: 'Authentication failed', variant: 'destructive', topic: 'signin' });
    show({ title: 'Agent saved', variant: 'success', topic: recordTopic({ entity: 'agent', entityId: 'a1' }) });
    show({ title: 'Login successful', variant: 'success', topic: 'signin' });
    expect(store.getState().toasts.map((t) => t.title)).toEqual(['Agent saved', 'Login successful']);
    // A conflict about the agent closes the toast that called its change saved.
    store.getState().dismissTopic('agent:a1');
    expect(store.getState().toasts.map((t) => t.title)).toEqual(['Login successful']);
  });
});
