import type { OutboxEntry } from '../data/outbox-table';
import type { SyncRequest } from './transport';

const agentPath = (id: string) => `/automations/${encodeURIComponent(id)}`;
const jobItemPath = (id: string) => `/job-items/${encodeURIComponent(id)}`;

/** The request an outbox entry sends (its id is the Idempotency-Key). */
export function requestFor(entry: OutboxEntry): SyncRequest {
  const key = entry.id;
  const base = {
    ...(entry.baseVersion !== null && entry.baseVersion > 0 ? { baseVersion: entry.baseVersion } : {}),
    ...(entry.baseVersions ? { baseVersions: entry.baseVersions } : {}),
  };
  switch (entry.op) {
    case 'create':
      return { method: 'POST', path: '/automations', body: { ...entry.payload, id: entry.entityId }, idempotencyKey: key };
    case 'update':
      return { method: 'PUT', path: agentPath(entry.entityId), body: { ...entry.payload, ...base }, idempotencyKey: key };
    case 'status':
      return {
        method: 'PUT',
        path: `/automations/status/${encodeURIComponent(entry.entityId)}`,
        body: { status: entry.payload.status, ...base },
        idempotencyKey: key,
      };
    case 'delete':
      return { method: 'DELETE', path: agentPath(entry.entityId), idempotencyKey: key };
    case 'approve':
      // With the version the user reviewed: a letter changed since then is not sent unseen.
      return { method: 'POST', path: `${jobItemPath(entry.entityId)}/approve`, body: { ...entry.payload, ...base }, idempotencyKey: key };
    case 'hold':
    case 'cancel':
    case 'discard':
    case 'restore':
      return { method: 'POST', path: `${jobItemPath(entry.entityId)}/${entry.op}`, idempotencyKey: key };
    case 'markSent':
      // With the letter copied to the marketplace, when it differs from the stored one (an older entry has none).
      return {
        method: 'POST',
        path: `${jobItemPath(entry.entityId)}/mark-sent`,
        ...(entry.payload?.proposalRequirements !== undefined
          ? { body: { proposalRequirements: entry.payload.proposalRequirements } }
          : {}),
        idempotencyKey: key,
      };
    case 'editJob':
      // The letter and the outcome carry the version they were made on (merged per field).
      return { method: 'PUT', path: jobItemPath(entry.entityId), body: { ...entry.payload, ...base }, idempotencyKey: key };
    case 'editProfile':
      return {
        method: 'PUT',
        path: `/users/${encodeURIComponent(entry.entityId)}`,
        body: { ...entry.payload, ...base },
        idempotencyKey: key,
      };
    case 'editPushSettings':
      // Version 0 (the defaults) is a base too.
      return {
        method: 'PUT',
        path: '/push/settings',
        body: {
          ...entry.payload,
          ...(entry.baseVersion !== null ? { baseVersion: entry.baseVersion } : {}),
          ...(entry.baseVersions ? { baseVersions: entry.baseVersions } : {}),
        },
        idempotencyKey: key,
      };
  }
}
