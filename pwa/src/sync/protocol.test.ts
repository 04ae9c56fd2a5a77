import { describe, expect, it } from 'vitest';
import * as shared from '@shared/schemas/sync';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER, SYNC_PROTOCOL_VERSION } from './protocol';

describe('protocol constants', () => {
  it('equal the shared contract', () => {
    expect(SYNC_PROTOCOL_VERSION).toBe(shared.SYNC_PROTOCOL_VERSION);
    expect(IDEMPOTENCY_HEADER).toBe(shared.IDEMPOTENCY_HEADER);
    expect(REPLAYED_HEADER).toBe(shared.REPLAYED_HEADER);
  });
});
