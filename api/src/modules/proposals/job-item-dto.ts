import type { JobItem } from '@shared/schemas/job-item';
import { decodeMatchReason, reasonShowsFlags } from '@shared/scoring';
import type { JobItemRow } from '../../store/schema/index';

/** A job item as the API answers it (and the sync pull sends it): the server's own bookkeeping left out. */
export function toJobItemDto(row: JobItemRow): JobItem {
  // Claims, the outcome checks' schedule and the field versions are the server's own business: never sent to a client.
  const {
    claimToken: _token,
    claimUntil: _until,
    outcomeCheckAt: _checkAt,
    outcomeChecks: _checks,
    outcomeLeaseOwner: _leaseOwner,
    outcomeLeaseUntil: _leaseUntil,
    fieldVersions: _versions,
    ...shown
  } = row;
  return {
    ...shown,
    outcome: (row.outcome as JobItem['outcome']) ?? null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    promptTemplate: (row.promptTemplate as JobItem['promptTemplate']) ?? null,
    sendAfter: row.sendAfter?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    appliedDate: row.appliedDate?.toISOString() ?? null,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    jobType: row.jobType ?? null,
    postedAt: row.postedAt?.toISOString() ?? null,
    client: row.client ?? null,
    conversation: row.conversation ?? [],
    letterReview: row.letterReview ?? null,
    screeningAnswers: row.screeningAnswers ?? [],
    // Read only from a reason with flags or doubts (a cheap test says so): a sync page decodes no other reason.
    riskFlags: reasonShowsFlags(row.matchReason) ? decodeMatchReason(row.matchReason).flags : [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
