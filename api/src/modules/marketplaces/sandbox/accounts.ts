import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../../kernel/clock';
import { first, type Store } from '../../../store/store';
import { sandboxTablesOf } from '../../../store/sandbox-schema/index';
import type { SandboxPlatform } from './projects';

export { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../sandbox-credentials';

/** Upwork's proposal permission; the sandbox grants it only when the consent box is ticked. */
export const UPWORK_PROPOSAL_SCOPE = 'pub-submit-proposal:write:all';
/** Reading rooms and messages ("Messaging – read", `pub-messages:read:all` [L]): the sandbox key has it. */
export const UPWORK_MESSAGES_SCOPE = 'pub-messages:read:all';
export const UPWORK_BASE_SCOPES = ['common-entities:read', 'marketplace-job-postings:read', UPWORK_MESSAGES_SCOPE];

const LIFETIMES: Record<SandboxPlatform, { accessS: number; refreshS: number; prefix: string }> = {
  // Freelancer: 30-day access tokens [U]; Upwork: 24 h, refresh usable about two weeks [L].
  freelancer: { accessS: 30 * 86_400, refreshS: 180 * 86_400, prefix: 'flsb_' },
  upwork: { accessS: 86_400, refreshS: 14 * 86_400, prefix: 'oauth2v2_sb_' },
};
const CODE_TTL_MS = 10 * 60_000;

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const randomToken = () => crypto.randomBytes(32).toString('base64url');

export interface IssuedTokens {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
  refresh_token: string;
}

export interface TokenOwner {
  userId: number;
  username: string;
  scope: string[];
  createdAt: Date;
}

export type GrantResult = { ok: true; tokens: IssuedTokens } | { ok: false; error: 'invalid_grant'; description: string };

/**
 * Users, authorization codes and tokens of one sandbox marketplace; secrets are stored as SHA-256
 * hashes. The sandbox lives in its own database (the sandbox store, store/sandbox-store.ts), apart
 * from the product's, and stands for an outside service: it reads through that store and writes only
 * in its transactions, each check that guards a write (a code's single use, a refresh token's) in the
 * transaction that writes.
 */
export class SandboxAccounts {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    readonly platform: SandboxPlatform,
  ) {}

  /** The account for a username, created on first use. */
  async user(username: string): Promise<{ id: number; username: string; createdAt: Date }> {
    const { sandboxMarketUsers } = sandboxTablesOf(this.store.db);
    const byName = and(eq(sandboxMarketUsers.platform, this.platform), eq(sandboxMarketUsers.username, username));
    const existing = await first(this.store.db.select().from(sandboxMarketUsers).where(byName).limit(1));
    if (existing) return existing;
    return this.store.tx(async (tx) => {
      const { sandboxMarketUsers } = sandboxTablesOf(tx);
      const [created] = await tx
        .insert(sandboxMarketUsers)
        .values({ platform: this.platform, username, createdAt: this.clock.now() })
        .onConflictDoNothing()
        .returning();
      // Created meanwhile by another request: that one is the account.
      return created ?? (await first(tx.select().from(sandboxMarketUsers).where(byName).limit(1)))!;
    });
  }

  userById(id: number) {
    const { sandboxMarketUsers } = sandboxTablesOf(this.store.db);
    return first(
      this.store.db
        .select()
        .from(sandboxMarketUsers)
        .where(and(eq(sandboxMarketUsers.platform, this.platform), eq(sandboxMarketUsers.id, id)))
        .limit(1),
    );
  }

  async issueCode(input: { userId: number; clientId: string; redirectUri: string; scope: string }): Promise<string> {
    const code = randomToken();
    await this.store.tx((tx) => {
      const { sandboxMarketCodes } = sandboxTablesOf(tx);
      return tx.insert(sandboxMarketCodes).values({
        codeHash: sha256(code),
        platform: this.platform,
        userId: input.userId,
        clientId: input.clientId,
        redirectUri: input.redirectUri,
        scope: input.scope,
        expiresAt: new Date(this.clock.now().getTime() + CODE_TTL_MS),
      });
    });
    return code;
  }

  /** Trades a code for tokens: single use, 10 minutes, same client and redirect_uri as asked for. */
  redeemCode(code: string, clientId: string, redirectUri: string | undefined): Promise<GrantResult> {
    const now = this.clock.now();
    return this.store.tx(async (tx): Promise<GrantResult> => {
      const { sandboxMarketCodes } = sandboxTablesOf(tx);
      const row = await first(
        tx
          .select()
          .from(sandboxMarketCodes)
          .where(and(eq(sandboxMarketCodes.codeHash, sha256(code)), eq(sandboxMarketCodes.platform, this.platform)))
          .limit(1),
      );
      if (!row) return { ok: false, error: 'invalid_grant', description: 'The authorization code is not valid' };
      if (row.usedAt) return { ok: false, error: 'invalid_grant', description: 'The authorization code has already been used' };
      if (row.expiresAt.getTime() <= now.getTime())
        return { ok: false, error: 'invalid_grant', description: 'The authorization code has expired' };
      if (row.clientId !== clientId)
        return { ok: false, error: 'invalid_grant', description: 'The authorization code was issued to another client' };
      if (row.redirectUri !== redirectUri)
        return { ok: false, error: 'invalid_grant', description: 'redirect_uri does not match the authorization request' };
      const used = await tx
        .update(sandboxMarketCodes)
        .set({ usedAt: now })
        .where(and(eq(sandboxMarketCodes.codeHash, row.codeHash), isNull(sandboxMarketCodes.usedAt)))
        .returning();
      if (used.length !== 1) return { ok: false, error: 'invalid_grant', description: 'The authorization code has already been used' };
      return { ok: true, tokens: await this.issueTokens(row.userId, row.scope) };
    });
  }

  /** A new token pair for a refresh token; the old refresh token stops working. */
  refresh(refreshToken: string): Promise<GrantResult> {
    const now = this.clock.now();
    return this.store.tx(async (tx): Promise<GrantResult> => {
      const { sandboxMarketTokens } = sandboxTablesOf(tx);
      const row = await first(
        tx
          .select()
          .from(sandboxMarketTokens)
          .where(and(eq(sandboxMarketTokens.tokenHash, sha256(refreshToken)), eq(sandboxMarketTokens.platform, this.platform)))
          .limit(1),
      );
      if (!row || row.kind !== 'refresh' || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) {
        return { ok: false, error: 'invalid_grant', description: 'The refresh token is invalid, expired or revoked' };
      }
      await tx.update(sandboxMarketTokens).set({ revokedAt: now }).where(eq(sandboxMarketTokens.tokenHash, row.tokenHash));
      return { ok: true, tokens: await this.issueTokens(row.userId, row.scope) };
    });
  }

  async issueTokens(userId: number, scope: string): Promise<IssuedTokens> {
    const { accessS, refreshS, prefix } = LIFETIMES[this.platform];
    const now = this.clock.now().getTime();
    const access = `${prefix}${randomToken()}`;
    const refresh = `${prefix}r_${randomToken()}`;
    await this.store.tx((tx) => {
      const { sandboxMarketTokens } = sandboxTablesOf(tx);
      return tx.insert(sandboxMarketTokens).values([
        { tokenHash: sha256(access), platform: this.platform, userId, kind: 'access', scope, expiresAt: new Date(now + accessS * 1000) },
        { tokenHash: sha256(refresh), platform: this.platform, userId, kind: 'refresh', scope, expiresAt: new Date(now + refreshS * 1000) },
      ]);
    });
    return { access_token: access, token_type: 'bearer', expires_in: accessS, scope, refresh_token: refresh };
  }

  /** The owner of a live access token, or null. */
  async verifyAccess(token: string): Promise<TokenOwner | null> {
    const { sandboxMarketTokens, sandboxMarketUsers } = sandboxTablesOf(this.store.db);
    if (!token || token.length > 512) return null;
    const row = await first(
      this.store.db
        .select({
          userId: sandboxMarketTokens.userId,
          kind: sandboxMarketTokens.kind,
          scope: sandboxMarketTokens.scope,
          expiresAt: sandboxMarketTokens.expiresAt,
          revokedAt: sandboxMarketTokens.revokedAt,
          username: sandboxMarketUsers.username,
          createdAt: sandboxMarketUsers.createdAt,
        })
        .from(sandboxMarketTokens)
        .innerJoin(sandboxMarketUsers, eq(sandboxMarketUsers.id, sandboxMarketTokens.userId))
        .where(and(eq(sandboxMarketTokens.tokenHash, sha256(token)), eq(sandboxMarketTokens.platform, this.platform)))
        .limit(1),
    );
    if (!row || row.kind !== 'access' || row.revokedAt || row.expiresAt.getTime() <= this.clock.now().getTime()) return null;
    return { userId: row.userId, username: row.username, scope: row.scope.split(/\s+/).filter(Boolean), createdAt: row.createdAt };
  }
}
