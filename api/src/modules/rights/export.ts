import crypto from 'node:crypto';
import { and, asc, count, desc, eq, gt, lt } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { ErrorCode } from '@shared/errors';
import { isLanguage, type Language } from '@shared/languages';
import { EXPORT_KEEP_DAYS, type DataExport } from '@shared/schemas/rights';
import type { ReferralsResponse } from '@shared/schemas/billing';
import type { Clock } from '../../kernel/clock';
import { AppError, notFound } from '../../kernel/errors';
import type { Translate } from '../../kernel/i18n';
import type { Logger } from '../../kernel/logger';
import { Claims, newClaimToken } from '../../store/claims';
import { tablesOf, type Tables } from '../../store/schema/index';
import type { DataExportRow } from '../../store/schema/sqlite';
import type { Db, Tx } from '../../store/sqlite/client';
import { first, type Store } from '../../store/store';
import { queueMail } from '../mail/outbox';
import type { MailOperator } from '../mail/templates';
import { rightsMail } from './mails';
import { USER_DATA, type ExportFile, type TablePlan, type UserDataTable } from './user-data';
import { buildZip, type ZipEntry } from './zip';

const DAY = 24 * 60 * 60 * 1000;
/** Rows read at a time: the progress moves after each page. */
const PAGE = 500;
/** Exports a user may start in a day (each reads everything they have). */
export const EXPORTS_PER_DAY = 5;
/** A build is its claimant's for this long; a crashed one is taken over after it (the chore). */
const BUILD_LEASE_MS = 10 * 60_000;
/** Builds that failed this many times stay failed (the user may start another). */
const MAX_ATTEMPTS = 3;

const exportClaims = new Claims('dataExports', { leaseMs: BUILD_LEASE_MS, open: (table) => eq(table.status, 'building') });

export interface DataExportDeps {
  store: Store;
  clock: Clock;
  log: Logger;
  t: Translate;
  publicUrl: string;
  operator?: MailOperator;
  /** The referrals as the user sees them (billing's), for the archive without the friends' addresses. */
  referrals: (db: Db, userId: string, now: Date) => Promise<ReferralsResponse>;
  /** Sends what the mail outbox holds (once the transaction that queued a mail has committed). */
  sendQueued?: () => Promise<unknown>;
  /** What of a marketplace connection's sealed secret is no secret (marketplaces'), shown beside it. */
  connectionDetails?: (row: Tables['marketplaceAccounts']['$inferSelect']) => Record<string, string>;
}

export function toDataExportDto(row: DataExportRow): DataExport {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    size: row.size,
    fileName: row.fileName,
  };
}

/** A value as the archive shows it: dates as ISO text, everything else as stored. */
const shown = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * "Download my data": one zip of everything the product holds of the user (`user-data.ts` says
 * which table goes in which file, and which secrets are only named), built in the background under
 * a claim on its `data_exports` row: the process that took the request starts it, the runner's
 * chore takes over one a crash left; its progress is written as it goes. The archive is kept
 * EXPORT_KEEP_DAYS, announced by mail and on the Settings screen, then dropped.
 */
export class DataExports {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly deps: DataExportDeps) {}

  /** Waits for the builds this process started in the background (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  async latest(userId: string): Promise<DataExport | null> {
    const { dataExports } = tablesOf(this.deps.store.db);
    const row = await first(
      this.deps.store.db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.createdAt)).limit(1),
    );
    return row ? toDataExportDto(this.current(row)) : null;
  }

  /** Starts an export (or answers the one already building); it is built once the request has committed. */
  async request(userId: string): Promise<DataExport> {
    const { store, clock } = this.deps;
    const now = clock.now();
    const token = newClaimToken();
    const { row, started } = await store.tx(async (tx) => {
      const { dataExports } = tablesOf(tx);
      const building = await first(
        tx
          .select()
          .from(dataExports)
          .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'building'))),
      );
      if (building) return { row: building, started: false };
      const [today] = await tx
        .select({ n: count() })
        .from(dataExports)
        .where(and(eq(dataExports.userId, userId), gt(dataExports.createdAt, new Date(now.getTime() - DAY))));
      if ((today?.n ?? 0) >= EXPORTS_PER_DAY)
        throw new AppError(ErrorCode.rateLimited, `You can download your data ${EXPORTS_PER_DAY} times a day. Please try again tomorrow.`, {
          retryAfterSeconds: 3600,
        });
      const [inserted] = await tx
        .insert(dataExports)
        .values({ id: crypto.randomUUID(), userId, status: 'building', createdAt: now, attempts: 1, ...exportClaims.opened(token, now) })
        .returning();
      return { row: inserted!, started: true };
    });
    if (started) {
      const building = this.build(row.id, token);
      this.running.add(building);
      void building.finally(() => this.running.delete(building));
    }
    return toDataExportDto(row);
  }

  /** The archive of a ready export of the user's (another user's id, or one expired, answers "not found"). */
  async download(userId: string, id: string): Promise<{ fileName: string; bytes: Buffer }> {
    const { dataExports } = tablesOf(this.deps.store.db);
    const row = await first(
      this.deps.store.db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId))),
    );
    const current = row ? this.current(row) : undefined;
    if (!current || current.status !== 'ready' || !current.archive)
      throw notFound('This download is not available. Ask for a new one in Settings.');
    return { fileName: current.fileName ?? 'bidpilot-data.zip', bytes: Buffer.from(current.archive, 'base64') };
  }

  /**
   * The chore: builds the exports whose builder stopped (its claim lapsed), and drops archives past
   * their time. Answers how many it built.
   */
  async resume(limit = 5): Promise<number> {
    const { store, clock } = this.deps;
    const now = clock.now();
    await store.tx(async (tx) => {
      const { dataExports } = tablesOf(tx);
      await tx
        .update(dataExports)
        .set({ status: 'expired', archive: null })
        .where(and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, now)));
      await tx
        .update(dataExports)
        .set({ status: 'failed', ...exportClaims.cleared })
        .where(and(eq(dataExports.status, 'building'), lt(dataExports.claimUntil, now), gt(dataExports.attempts, MAX_ATTEMPTS - 1)));
    });
    let built = 0;
    for (const { token, row } of await exportClaims.claimEach(store, now, limit, (table) => eq(table.status, 'building'))) {
      if (await this.build(row.id, token)) built++;
    }
    return built;
  }

  /** Builds the archive of export `id` while `token` holds it; false when it failed or was taken over. */
  async build(id: string, token: string): Promise<boolean> {
    const { store, clock, log } = this.deps;
    try {
      const { dataExports } = tablesOf(store.db);
      const row = await first(store.db.select().from(dataExports).where(eq(dataExports.id, id)));
      if (!row) return false;
      const entries = await this.collect(row.userId, async (percent) => {
        const held = await store.tx(async (tx) => {
          const { dataExports } = tablesOf(tx);
          const renewed = await tx
            .update(dataExports)
            .set({ progress: percent, claimUntil: exportClaims.until(clock.now()) })
            .where(and(eq(dataExports.id, id), exportClaims.heldBy(tx, token)))
            .returning({ id: dataExports.id });
          return renewed.length > 0;
        });
        if (!held) throw new TakenOver();
      });
      const now = clock.now();
      const archive = buildZip(entries, now);
      const fileName = `bidpilot-data-${now.toISOString().slice(0, 10)}.zip`;
      const expiresAt = new Date(now.getTime() + EXPORT_KEEP_DAYS * DAY);
      const finished = await store.tx(async (tx) => {
        const done = await exportClaims.complete(tx, token, {
          status: 'ready',
          progress: 100,
          archive: archive.toString('base64'),
          size: archive.length,
          fileName,
          readyAt: now,
          expiresAt,
        });
        if (!done) return false;
        await this.mailReady(tx, row.userId, id, expiresAt, now);
        return true;
      });
      // The mail goes out now; should this fail, the outbox's chore sends it.
      if (finished) await this.deps.sendQueued?.().catch(() => undefined);
      return finished;
    } catch (error) {
      if (error instanceof TakenOver) return false;
      log.error('data export failed', { exportId: id, error });
      // Let go: the chore tries again after the lease (up to MAX_ATTEMPTS).
      await store.tx((tx) => exportClaims.release(tx, token, { claimUntil: clock.now() })).catch(() => undefined);
      return false;
    }
  }

  /** Every file of the archive, reading the user's rows page by page and telling `progress` as it goes. */
  private async collect(userId: string, progress: (percent: number) => Promise<void>): Promise<ZipEntry[]> {
    const { store, clock } = this.deps;
    const db = store.db;
    const tables = tablesOf(db);
    const { users } = tables;
    const user = await first(db.select().from(users).where(eq(users.id, userId)));
    if (!user) throw new Error('The user of this export is gone');
    const language: Language = isLanguage(user.language) ? user.language : 'en';

    type Part = { name: UserDataTable; file: ExportFile; table: SQLiteTable; owner: SQLiteColumn; total: number };
    const parts: Part[] = [];
    for (const [name, plan] of Object.entries(USER_DATA) as Array<[UserDataTable, (typeof USER_DATA)[UserDataTable]]>) {
      if (!('export' in plan) || !('file' in plan.export)) continue;
      const table = tables[name as keyof Tables] as unknown as SQLiteTable & Record<string, SQLiteColumn>;
      const owner = table[plan.holds === 'account' ? 'id' : 'owner' in plan ? plan.owner : 'userId']!;
      const [counted] = await db.select({ n: count() }).from(table).where(eq(owner, userId));
      parts.push({ name, file: plan.export, table, owner, total: Number(counted?.n ?? 0) });
    }
    const total = parts.reduce((sum, part) => sum + part.total, 0) + 1;
    let done = 0;
    const files: ZipEntry[] = [];
    const json = (name: string, value: unknown) => files.push({ name, data: Buffer.from(`${JSON.stringify(value, null, 2)}\n`) });
    for (const part of parts) {
      const rows: Array<Record<string, unknown>> = [];
      const order = (part.table as unknown as Record<string, SQLiteColumn>)[part.file.order]!;
      for (let offset = 0; ; offset += PAGE) {
        const page = (await db
          .select()
          .from(part.table)
          .where(eq(part.owner, userId))
          .orderBy(asc(order))
          .limit(PAGE)
          .offset(offset)) as Array<Record<string, unknown>>;
        for (const row of page) {
          const shaped = this.shape(row, part.file);
          if (part.name === 'marketplaceAccounts' && this.deps.connectionDetails)
            shaped.details = this.deps.connectionDetails(row as Tables['marketplaceAccounts']['$inferSelect']);
          rows.push(shaped);
        }
        done += page.length;
        await progress(Math.min(99, Math.floor((done / total) * 100)));
        if (page.length < PAGE) break;
      }
      if (part.name === 'users') {
        const [profile] = rows;
        json(part.file.file, { ...profile, hasPassword: user.passwordHash !== '', wasReferred: user.referredBy !== null });
        continue;
      }
      json(part.file.file, rows);
      if (part.name === 'resumes' && rows[0]) {
        files.push({ name: 'resume/resume.txt', data: Buffer.from(String(rows[0].text ?? '')) });
      }
    }
    // The friends the user referred, as the Referrals screen shows them but without their addresses or ids.
    const referrals = await this.deps.referrals(db, userId, clock.now());
    json('referrals/friends.json', {
      referralCode: referrals.referralCode,
      paidCount: referrals.paidCount,
      pendingCount: referrals.pendingCount,
      friends: referrals.referrals.map(({ createdAt, plan, status }) => ({ createdAt, plan, status })),
    });
    files.unshift({
      name: 'README.txt',
      data: Buffer.from(
        this.readme(
          language,
          files.map((file) => file.name),
        ),
      ),
    });
    await progress(99);
    return files;
  }

  /** A row as the archive holds it: bookkeeping columns out, secrets named and left out, dates as text. */
  private shape(row: Record<string, unknown>, file: ExportFile): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const omit = new Set(file.omit ?? []);
    for (const [key, value] of Object.entries(row)) {
      if (omit.has(key)) continue;
      out[key] = file.secrets?.[key] ? '(withheld: see README.txt)' : shown(value);
    }
    return out;
  }

  /** The archive's README, in the user's language: what each file is, and the secrets only named. */
  private readme(language: Language, names: string[]): string {
    const t = (key: string, vars?: Record<string, string | number>) => this.deps.t(language, `mail.archive.${key}`, vars);
    const withheld = new Set<string>();
    for (const plan of Object.values(USER_DATA) as TablePlan[]) {
      if (!('export' in plan)) continue;
      if ('withheld' in plan.export) withheld.add(plan.export.withheld);
      else for (const item of Object.values(plan.export.secrets ?? {})) withheld.add(item);
    }
    return [
      t('title'),
      '',
      t('intro', { operator: this.deps.operator?.name ?? 'Bidpilot' }),
      '',
      t('files'),
      ...names.map((name) => `  ${name}`),
      '',
      t('resumeNote'),
      '',
      t('withheld'),
      ...[...withheld].map((item) => `  - ${t(`items.${item}`)}`),
      '',
    ].join('\n');
  }

  private async mailReady(tx: Tx, userId: string, id: string, expiresAt: Date, now: Date): Promise<void> {
    const { users } = tablesOf(tx);
    const user = await first(tx.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId)));
    if (!user) return;
    const language: Language = isLanguage(user.language) ? user.language : 'en';
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(expiresAt);
    await queueMail(
      tx,
      rightsMail(this.deps.t, {
        kind: 'exportReady',
        to: user.email,
        language,
        vars: { date },
        link: `${this.deps.publicUrl}/settings#your-data`,
        operator: this.deps.operator,
      }),
      `export:${id}:ready`,
      now,
    );
  }

  /** A row as it stands now: a ready archive past its time counts as expired before the chore drops it. */
  private current(row: DataExportRow): DataExportRow {
    const now = this.deps.clock.now();
    return row.status === 'ready' && row.expiresAt && row.expiresAt.getTime() <= now.getTime()
      ? { ...row, status: 'expired', archive: null }
      : row;
  }
}

/** The build's claim was taken over (it lapsed while this process was slow): the new holder builds it. */
class TakenOver extends Error {}
