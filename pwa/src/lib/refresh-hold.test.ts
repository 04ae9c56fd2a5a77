import { describe, expect, it } from 'vitest';
import { createRefreshHold } from './refresh-hold';

describe('createRefreshHold', () => {
  it('is held until every hold is released, tells its listeners once at the end, and counts a release once', () => {
    const hold = createRefreshHold();
    const ends: string[] = [];
    const stop = hold.onRelease(() => ends.push('end'));
    expect(hold.held()).toBe(false);

    const first = hold.hold();
    const second = hold.hold();
    first();
    first(); // twice: still one release
    expect(hold.held()).toBe(true);
    expect(ends).toEqual([]);
    second();
    expect(hold.held()).toBe(false);
    expect(ends).toEqual(['end']);

    stop();
    hold.hold()();
    expect(ends).toEqual(['end']);
  });
});
