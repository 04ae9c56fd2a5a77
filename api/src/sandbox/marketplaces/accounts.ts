import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { sandboxMarketCodes, sandboxMarketTokens, sandboxMarketUsers } from '../../db/schema';
import type { SandboxPlatform } from './projects';

/** The one OAuth client the sandbox marketplaces know: the product itself. */
export const SANDBOX_CLIENT_ID = 'bidpilot-sandbox';
export const SANDBOX_CLIENT_SECRET = 'bidpilot-sandbox-secret';

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

/** Users, authorization codes and tokens of one sandbox marketplace; secrets are stored as SHA-256 hashes. */
export class SandboxAccounts {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly platform: SandboxPlatform,
  ) {}

  /** The account for a username, created on first use. */
  user(username: string): { id: number; username: string; createdAt: Date } {
    const existing = this.db
      .select()
      .from(sandboxMarketUsers)
      .where(and(eq(sandboxMarketUsers.platform, this.platform), eq(sandboxMarketUsers.username, username)))
      .get();
    if (existing) return existing;
    return this.db
      .insert(sandboxMarketUsers)
      .values({ platform: this.platform, username, createdAt: this.clock.now() })
      .onConflictDoNothing()
      .returning()
      .get() ?? this.user(username);
  }

  userById(id: number) {
    return this.db
      .select()
      .from(sandboxMarketUsers)
      .where(and(eq(sandboxMarketUsers.platform, this.platform), eq(sandboxMarketUsers.id, id)))
      .get();
  }

  issueCode(input: { userId: number; clientId: string; redirectUri: string; scope: string }): string {
    const code = randomToken();
    this.db
      .insert(sandboxMarketCodes)
      .values({
        codeHash: sha256(code),
        platform: this.platform,
        userId: input.userId,
        clientId: input.clientId,
        redirectUri: input.redirectUri,
        scope: input.scope,
        expiresAt: new Date(this.clock.now().getTime() + CODE_TTL_MS),
      })
      .run();
    return code;
  }

  /** Trades a code for tokens: single use, 10 minutes, same client and redirect_uri as asked for. */
  redeemCode(code: string, clientId: string, redirectUri: string | undefined): GrantResult {
    const now = this.clock.now();
    const row = this.db
      .select()
      .from(sandboxMarketCodes)
      .where(and(eq(sandboxMarketCodes.codeHash, sha256(code)), eq(sandboxMarketCodes.platform, this.platform)))
      .get();
    if (!row) return { ok: false, error: 'invalid_grant', description: 'The authorization code is not valid' };
    if (row.usedAt) return { ok: false, error: 'invalid_grant', description: 'The authorization code has already been used' };
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, error: 'invalid_grant', description: 'The authorization code has expired' };
    if (row.clientId !== clientId) return { ok: false, error: 'invalid_grant', description: 'The authorization code was issued to another client' };
    if (row.redirectUri !== redirectUri) return { ok: false, error: 'invalid_grant', description: 'redirect_uri does not match the authorization request' };
    const used = this.db
      .update(sandboxMarketCodes)
      .set({ usedAt: now })
      .where(and(eq(sandboxMarketCodes.codeHash, row.codeHash)))
      .returning()
      .all();
    if (used.length !== 1) return { ok: false, error: 'invalid_grant', description: 'The authorization code is not valid' };
    return { ok: true, tokens: this.issueTokens(row.userId, row.scope) };
  }

  /** A new token pair for a refresh token; the old refresh token stops working. */
  refresh(refreshToken: string): GrantResult {
    const now = this.clock.now();
    const row = this.db
      .select()
      .from(sandboxMarketTokens)
      .where(and(eq(sandboxMarketTokens.tokenHash, sha256(refreshToken)), eq(sandboxMarketTokens.platform, this.platform)))
      .get();
    if (!row || row.kind !== 'refresh' || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) {
      return { ok: false, error: 'invalid_grant', description: 'The refresh token is invalid, expired or revoked' };
    }
    this.db.update(sandboxMarketTokens).set({ revokedAt: now }).where(eq(sandboxMarketTokens.tokenHash, row.tokenHash)).run();
    return { ok: true, tokens: this.issueTokens(row.userId, row.scope) };
  }

  issueTokens(userId: number, scope: string): IssuedTokens {
    const { accessS, refreshS, prefix } = LIFETIMES[this.platform];
    const now = this.clock.now().getTime();
    const access = `${prefix}${randomToken()}`;
    const refresh = `${prefix}r_${randomToken()}`;
    this.db
      .insert(sandboxMarketTokens)
      .values([
        { tokenHash: sha256(access), platform: this.platform, userId, kind: 'access', scope, expiresAt: new Date(now + accessS * 1000) },
        { tokenHash: sha256(refresh), platform: this.platform, userId, kind: 'refresh', scope, expiresAt: new Date(now + refreshS * 1000) },
      ])
      .run();
    return { access_token: access, token_type: 'bearer', expires_in: accessS, scope, refresh_token: refresh };
  }

  /** The owner of a live access token, or null. */
  verifyAccess(token: string): TokenOwner | null {
    if (!token || token.length > 512) return null;
    const row = this.db
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
      .get();
    if (!row || row.kind !== 'access' || row.revokedAt || row.expiresAt.getTime() <= this.clock.now().getTime()) return null;
    return { userId: row.userId, username: row.username, scope: row.scope.split(/\s+/).filter(Boolean), createdAt: row.createdAt };
  }
}
