import type { Tables } from '../../store/schema/index';

/**
 * Where a user's data lives, table by table: what the export puts in the archive and what deletion
 * does with it. Every table of the product is named here (the type requires it, and
 * `deletion.test.ts` walks the schema), so a new table cannot be forgotten by either.
 */

/** A file of the archive made from a table's rows of the user. */
export interface ExportFile {
  /** Its path in the archive. */
  file: string;
  /** Columns left out: the server's own bookkeeping (leases, claims, versions), never the user's data. */
  omit?: readonly string[];
  /**
   * Columns that are secrets, each with what it is (a key under `mail.archive.items` in the locales):
   * named in the archive's README, their values never exported.
   */
  secrets?: Readonly<Record<string, string>>;
  /** The column the rows are listed and paged by. */
  order: string;
}

export type TablePlan =
  /** The account itself (`users`): the profile file; deleted last. */
  | { holds: 'account'; export: ExportFile }
  /** Rows of one user, found by `owner`: exported as `export`, or withheld (what they are: a `mail.archive.items` key); deleted with the account. */
  | { holds: 'rows'; owner: string; export: ExportFile | { withheld: string } }
  /** Rows that name the user otherwise: deletion treats them one by one (`deletion.ts`), as `how` says. */
  | { holds: 'special'; how: string; export: ExportFile | { withheld: string } }
  /** No person's data. */
  | { holds: 'nothing'; why: string };

const CLAIM = ['claimToken', 'claimUntil', 'attempts'] as const;

export const USER_DATA = {
  users: {
    holds: 'account',
    export: {
      file: 'profile.json',
      omit: ['fieldVersions', 'referredBy'],
      secrets: { passwordHash: 'password' },
      order: 'id',
    },
  },
  sessions: {
    holds: 'rows',
    owner: 'userId',
    export: { file: 'sign-ins.json', secrets: { tokenHash: 'sessionToken' }, order: 'createdAt' },
  },
  verificationCodes: { holds: 'rows', owner: 'userId', export: { withheld: 'codes' } },
  userIdentities: { holds: 'rows', owner: 'userId', export: { file: 'google-sign-in.json', order: 'linkedAt' } },
  agents: {
    holds: 'rows',
    owner: 'userId',
    export: { file: 'agents.json', omit: ['leaseOwner', 'leaseUntil', 'fieldVersions'], order: 'createdAt' },
  },
  agentRuns: { holds: 'rows', owner: 'userId', export: { file: 'agent-runs.json', order: 'at' } },
  jobItems: {
    holds: 'rows',
    owner: 'userId',
    export: {
      file: 'proposals.json',
      omit: [...CLAIM, 'stage', 'outcomeCheckAt', 'outcomeChecks', 'outcomeLeaseOwner', 'outcomeLeaseUntil', 'fieldVersions'],
      order: 'id',
    },
  },
  seenJobs: { holds: 'rows', owner: 'userId', export: { file: 'jobs-seen.json', order: 'firstSeenAt' } },
  coverLetterUsage: { holds: 'rows', owner: 'userId', export: { file: 'letters-per-day.json', order: 'day' } },
  matchSignals: { holds: 'rows', owner: 'userId', export: { file: 'match-learning.json', order: 'id' } },
  changeLog: { holds: 'rows', owner: 'userId', export: { withheld: 'changeLog' } },
  idempotencyKeys: { holds: 'rows', owner: 'userId', export: { withheld: 'idempotency' } },
  rateHits: {
    holds: 'special',
    how: 'counters keyed by the address or the id: deleted',
    export: { withheld: 'rateHits' },
  },
  wakeups: { holds: 'nothing', why: 'signals between the server processes' },
  marketplaceAccounts: {
    holds: 'rows',
    owner: 'userId',
    export: {
      file: 'marketplace-connections.json',
      secrets: { secret: 'marketplaceSecret' },
      order: 'connectedAt',
    },
  },
  oauthStates: { holds: 'rows', owner: 'userId', export: { withheld: 'oauthStates' } },
  marketplaceCalls: { holds: 'rows', owner: 'userId', export: { file: 'marketplace-calls.json', order: 'hourStart' } },
  telegramStates: { holds: 'rows', owner: 'userId', export: { withheld: 'telegramStates' } },
  subscriptions: {
    holds: 'rows',
    owner: 'userId',
    export: {
      file: 'billing/subscription.json',
      secrets: { providerEmailToken: 'paystackToken' },
      order: 'userId',
    },
  },
  subscriptionEvents: { holds: 'rows', owner: 'userId', export: { file: 'billing/subscription-history.json', order: 'id' } },
  payments: {
    holds: 'rows',
    owner: 'userId',
    export: { file: 'billing/payments.json', omit: [...CLAIM, 'changeKey', 'changeBasis', 'checkoutUrl'], order: 'createdAt' },
  },
  webhookEvents: {
    holds: 'special',
    how: "Paystack's notices already handled: the user is taken off them, the notice keys stay (a retry must not be applied twice)",
    export: { withheld: 'webhooks' },
  },
  providerPlans: { holds: 'nothing', why: "the plans' codes at Paystack" },
  referralRewards: { holds: 'rows', owner: 'userId', export: { file: 'referrals/reward.json', order: 'userId' } },
  billingClaims: { holds: 'rows', owner: 'userId', export: { withheld: 'billingClaims' } },
  activityLog: { holds: 'rows', owner: 'userId', export: { file: 'activity.json', order: 'id' } },
  pushSubscriptions: {
    holds: 'rows',
    owner: 'userId',
    export: {
      file: 'notices/push-devices.json',
      secrets: {
        endpoint: 'pushEndpoint',
        p256dh: 'pushKey',
        auth: 'pushAuth',
      },
      order: 'createdAt',
    },
  },
  notificationSettings: {
    holds: 'rows',
    owner: 'userId',
    export: { file: 'notices/settings.json', omit: ['fieldVersions'], order: 'userId' },
  },
  telegramAccounts: { holds: 'rows', owner: 'userId', export: { file: 'notices/telegram.json', order: 'userId' } },
  telegramLogins: { holds: 'nothing', why: 'hashes of Telegram logins already used (replays are refused); no account is named' },
  noticeOutbox: { holds: 'rows', owner: 'userId', export: { withheld: 'noticeOutbox' } },
  resumes: { holds: 'rows', owner: 'userId', export: { file: 'resume/resume.json', order: 'userId' } },
  supportRequests: { holds: 'rows', owner: 'userId', export: { file: 'support-requests.json', order: 'id' } },
  mailOutbox: {
    holds: 'special',
    how: 'mail to or about the address: deleted',
    export: { withheld: 'mailOutbox' },
  },
  dataExports: { holds: 'rows', owner: 'userId', export: { withheld: 'exports' } },
  accountDeletions: {
    holds: 'special',
    how: 'the deletion request: holds the address only until the closing mail is sent, then goes',
    export: { withheld: 'deletion' },
  },
  anonymisedPayments: { holds: 'nothing', why: "payments of deleted accounts, kept for the operator's books without any person" },
  departedReferrals: { holds: 'rows', owner: 'referrerId', export: { file: 'referrals/departed.json', order: 'departedAt' } },
  operatorAlerts: {
    holds: 'special',
    how: "an alert to the operator that names the user's id or address: deleted",
    export: { withheld: 'operatorAlerts' },
  },
  retentionMarks: { holds: 'nothing', why: 'how far the retention chore has swept each kind of record' },
} as const satisfies Record<keyof Tables, TablePlan>;

export type UserDataTable = keyof typeof USER_DATA;
