import crypto from 'node:crypto';
import { and, eq, isNull, gt } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import type { CredentialsStatus, UpworkCredentialsBody } from '@shared/schemas/integrations';
import type { Clock } from '../../kernel/clock';
import { first, type Store } from '../../store/store';
import { tablesOf } from '../../store/schema/index';
import { AppError, notFound } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import type { MarketplaceSession, Marketplaces, OAuthTokens, Platform } from './types';
import { MarketplaceError } from './errors';
import type { CryptoBox } from '../../kernel/crypto-box';
import { keyedHash } from '../../kernel/tokens';
import type { AgentService } from '../agents/agents';

/** How long a started connection (its state and the browser's nonce cookie) lasts. */
export const OAUTH_STATE_TTL_SECONDS = 15 * 60;
const STATE_TTL_MS = OAUTH_STATE_TTL_SECONDS * 1000;
const REFRESH_MARGIN_MS = 60 * 1000;

interface SealedCredentials {
  freelancerName: string;
  username: string;
  password: string;
  securityAnswer: string;
}

interface SealedTokens extends OAuthTokens {
  tenantId?: string | null;
}

export interface IntegrationDeps {
  store: Store;
  clock: Clock;
  box: CryptoBox;
  marketplaces: Marketplaces;
  agents: AgentService;
  pepper: string;
  publicUrl: string;
  log: Logger;
}

/** What a connection's sealed secret is bound to (its additional data): the user, the marketplace and the kind. */
export const connectionSecretAad = (userId: string, platform: Platform, kind: 'oauth' | 'credentials') => `${userId}:${platform}:${kind}`;
const aad = connectionSecretAad;

/**
 * What of a connection's sealed secret is no secret (the Upwork form's name and username), for the
 * user's data export; the password, the security answer and tokens stay sealed.
 */
export function connectionDetails(
  box: CryptoBox,
  row: { userId: string; platform: Platform; kind: 'oauth' | 'credentials'; secret: string },
): Record<string, string> {
  if (row.kind !== 'credentials') return {};
  const sealed = box.openJson<SealedCredentials>(row.secret, aad(row.userId, row.platform, 'credentials'));
  return { freelancerName: sealed.freelancerName, username: sealed.username };
}

/**
 * A user's marketplace connections: the Upwork credentials form and both OAuth flows. Secrets are
 * sealed (AES-256-GCM, bound to the user and platform) and leave this module only as a session
 * for an adapter call.
 */
export class IntegrationService {
  constructor(private readonly deps: IntegrationDeps) {}

  async status(userId: string, platform: Platform): Promise<CredentialsStatus> {
    const { marketplaceAccounts } = tablesOf(this.deps.store.db);
    const rows = await this.deps.store.db
      .select()
      .from(marketplaceAccounts)
      .where(and(eq(marketplaceAccounts.userId, userId), eq(marketplaceAccounts.platform, platform)));
    const row = rows.find((r) => r.kind === 'oauth') ?? rows[0];
    return {
      hasCredentials: Boolean(row),
      via: row?.kind ?? null,
      username: row?.username ?? null,
      connectedAt: row?.connectedAt.toISOString() ?? null,
    };
  }

  async profileUrl(userId: string): Promise<string | null> {
    const { marketplaceAccounts } = tablesOf(this.deps.store.db);
    const rows = await this.deps.store.db
      .select({ profileUrl: marketplaceAccounts.profileUrl })
      .from(marketplaceAccounts)
      .where(and(eq(marketplaceAccounts.userId, userId), eq(marketplaceAccounts.platform, 'upwork')));
    return rows.find((r) => r.profileUrl)?.profileUrl ?? null;
  }

  /** Saves the Upwork setup form; with an agent id, its bid settings go onto that agent too. */
  async saveUpworkCredentials(
    userId: string,
    body: Required<Omit<UpworkCredentialsBody, 'userId' | 'automationId'>> & { automationId?: string | undefined },
  ): Promise<void> {
    const { store, clock, box } = this.deps;
    const now = clock.now();
    const secret = box.sealJson(
      {
        freelancerName: body.freelancerName,
        username: body.username,
        password: body.password,
        securityAnswer: body.securityAnswer,
      } satisfies SealedCredentials,
      aad(userId, 'upwork', 'credentials'),
    );
    await store.tx(async (tx) => {
      const { marketplaceAccounts } = tablesOf(tx);
      if (body.automationId) {
        await this.deps.agents.update(userId, body.automationId, {
          upworkFreelancerName: body.freelancerName,
          upworkProfileUrl: body.profileUrl,
          upworkPaymentRate: Number(body.upworkPaymentRate),
          upworkBoostProposal: body.upworkBoostProposal,
          upworkAutoRefill: body.upworkAutoRefill,
          upworkAutoRefillAmount: Number(body.upworkAutoRefillAmount),
          upworkMaximumBid: Number(body.upworkMaximumBid),
        });
      }
      await tx
        .insert(marketplaceAccounts)
        .values({
          id: crypto.randomUUID(),
          userId,
          platform: 'upwork',
          kind: 'credentials',
          secret,
          username: body.username,
          profileUrl: body.profileUrl,
          connectedAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [marketplaceAccounts.userId, marketplaceAccounts.platform, marketplaceAccounts.kind],
          set: { secret, username: body.username, profileUrl: body.profileUrl, updatedAt: now },
        });
    });
  }

  /** Forgets every stored secret of a platform for this user. */
  async disconnect(userId: string, platform: Platform): Promise<void> {
    await this.deps.store.tx((tx) => {
      const { marketplaceAccounts } = tablesOf(tx);
      return tx.delete(marketplaceAccounts).where(and(eq(marketplaceAccounts.userId, userId), eq(marketplaceAccounts.platform, platform)));
    });
  }

  redirectUri(platform: Platform): string {
    return `${this.deps.publicUrl}/api/oauth/${platform}/callback`;
  }

  /**
   * Starts the authorization-code flow for the session that asked, in the browser that asked
   * (`browserHash`: the keyed hash of the nonce cookie the route set on it): the URL to send the
   * browser to.
   */
  async startOAuth(
    who: { userId: string; sessionId: string; browserHash: string },
    platform: Platform,
    agentId: string | undefined,
    returnTo: 'onboarding' | 'login',
  ): Promise<string> {
    const { userId } = who;
    const { store, clock, pepper } = this.deps;
    // The agent must be the user's own (404 otherwise).
    if (agentId) await this.deps.agents.get(userId, agentId);
    const state = crypto.randomBytes(24).toString('base64url');
    const now = clock.now();
    await store.tx((tx) => {
      const { oauthStates } = tablesOf(tx);
      return tx.insert(oauthStates).values({
        stateHash: keyedHash(pepper, 'oauth-state', state),
        userId,
        platform,
        agentId: agentId ?? null,
        returnTo,
        sessionId: who.sessionId,
        browserHash: who.browserHash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + STATE_TTL_MS),
      });
    });
    return this.deps.marketplaces[platform].oauth.authorizeUrl(state, this.redirectUri(platform));
  }

  /**
   * Finishes the flow: checks the state (single use, 15 minutes) and that this request comes from
   * the browser and the session that started it (`request`: whether its nonce cookie is the one
   * kept with the state, and its session), exchanges the code, reads the account's own profile, and
   * stores the sealed tokens for that session's user. A consent given in another browser (a
   * marketplace address someone else started and sent) connects nothing. Answers where to send the
   * browser; a success names the marketplace account connected.
   */
  async finishOAuth(
    platform: Platform,
    query: { code?: string; state?: string; error?: string; error_description?: string },
    request: { sameBrowser: (browserHash: string) => boolean; session: { userId: string; sessionId: string } | undefined },
  ): Promise<string> {
    const { store, clock, pepper, box } = this.deps;
    const now = clock.now();
    // The state is used up in a transaction of its own, before the exchange with the marketplace.
    const state = query.state;
    const [pending] = state
      ? await store.tx((tx) => {
          const { oauthStates } = tablesOf(tx);
          return tx
            .update(oauthStates)
            .set({ usedAt: now })
            .where(
              and(
                eq(oauthStates.stateHash, keyedHash(pepper, 'oauth-state', state)),
                eq(oauthStates.platform, platform),
                isNull(oauthStates.usedAt),
                gt(oauthStates.expiresAt, now),
              ),
            )
            .returning();
        })
      : [];
    const provider = platform === 'upwork' ? 'Upwork' : 'Freelancer';
    const back = (returnTo: string, ok: boolean, message?: string, account?: string | null) => {
      const named: Record<string, string> = account ? { account } : {};
      return returnTo === 'onboarding'
        ? `/onboarding?${new URLSearchParams(ok ? { oauth_status: 'success', ...named } : { oauth_status: 'error', error_message: message ?? '' })}`
        : `/login?${new URLSearchParams(ok ? { oauth_success: 'true', provider, ...named } : { provider, error: message ?? '' })}`;
    };
    if (!pending) return back('login', false, 'The connection request expired or was already used. Please try again.');
    const { session } = request;
    if (
      !pending.browserHash ||
      !request.sameBrowser(pending.browserHash) ||
      !session ||
      session.userId !== pending.userId ||
      session.sessionId !== pending.sessionId
    ) {
      this.deps.log.warn('oauth: a consent came back to another browser or session than the one that started it; nothing connected', {
        platform,
        userId: pending.userId,
      });
      return back(
        'login',
        false,
        `This ${provider} connection was not started in this browser and session. Nothing was connected; start again from Bidpilot.`,
      );
    }
    if (query.error || !query.code)
      return back(pending.returnTo, false, query.error_description || query.error || 'Authorization was not granted');
    try {
      const { oauth, adapter } = this.deps.marketplaces[platform];
      const tokens = await oauth.exchangeCode(query.code, this.redirectUri(platform));
      const profile = await adapter.self({ accessToken: tokens.accessToken });
      const secret = box.sealJson(tokens satisfies SealedTokens, aad(pending.userId, platform, 'oauth'));
      await store.tx((tx) => {
        const { marketplaceAccounts } = tablesOf(tx);
        return tx
          .insert(marketplaceAccounts)
          .values({
            id: crypto.randomUUID(),
            userId: pending.userId,
            platform,
            kind: 'oauth',
            secret,
            externalUserId: profile.externalUserId,
            username: profile.username,
            profileUrl: profile.profileUrl,
            accessExpiresAt: tokens.expiresAt ? new Date(tokens.expiresAt) : null,
            connectedAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [marketplaceAccounts.userId, marketplaceAccounts.platform, marketplaceAccounts.kind],
            set: {
              secret,
              externalUserId: profile.externalUserId,
              username: profile.username,
              profileUrl: profile.profileUrl,
              accessExpiresAt: tokens.expiresAt ? new Date(tokens.expiresAt) : null,
              updatedAt: now,
            },
          });
      });
      await this.activateConnectedAgent(pending.userId, pending.agentId);
      return back(pending.returnTo, true, undefined, profile.username);
    } catch (error) {
      this.deps.log.warn('oauth exchange failed', { platform, error });
      const message = error instanceof MarketplaceError ? error.message : `Failed to connect to ${provider}`;
      return back(pending.returnTo, false, message);
    }
  }

  /**
   * The agent the user connected the marketplace for (onboarding) starts working once it can:
   * a paused agent waiting for review is activated, unless the plan's active-agent limit says no
   * (it stays paused and the dashboard offers to activate it). An auto-send agent is never started
   * on its own: sending without a tap is the user's explicit choice (decisions.md).
   */
  private async activateConnectedAgent(userId: string, agentId: string | null): Promise<void> {
    if (!agentId) return;
    try {
      const agent = await this.deps.agents.get(userId, agentId);
      if (agent.status === 'paused' && agent.lastRun === null && agent.sendMode === 'review')
        await this.deps.agents.setStatus(userId, agentId, 'active');
    } catch (error) {
      this.deps.log.info('the connected agent stays paused', { agentId, reason: error instanceof Error ? error.message : String(error) });
    }
  }

  /** The adapter session of a connected account, refreshing the access token when it is due. */
  async session(userId: string, platform: Platform): Promise<MarketplaceSession | null> {
    const { marketplaceAccounts } = tablesOf(this.deps.store.db);
    const { store, clock, box } = this.deps;
    const row = await first(
      store.db
        .select()
        .from(marketplaceAccounts)
        .where(
          and(eq(marketplaceAccounts.userId, userId), eq(marketplaceAccounts.platform, platform), eq(marketplaceAccounts.kind, 'oauth')),
        )
        .limit(1),
    );
    if (!row) return null;
    let tokens = box.openJson<SealedTokens>(row.secret, aad(userId, platform, 'oauth'));
    const due = tokens.expiresAt && new Date(tokens.expiresAt).getTime() - REFRESH_MARGIN_MS <= clock.now().getTime();
    if (due) {
      if (!tokens.refreshToken)
        throw new MarketplaceError(platform, 'unauthorized', 'The connection expired. Please reconnect your account.');
      const refreshed = await this.deps.marketplaces[platform].oauth.refresh(tokens.refreshToken);
      tokens = { ...tokens, ...refreshed, refreshToken: refreshed.refreshToken ?? tokens.refreshToken };
      const sealed = box.sealJson(tokens, aad(userId, platform, 'oauth'));
      await store.tx((tx) => {
        const { marketplaceAccounts } = tablesOf(tx);
        return tx
          .update(marketplaceAccounts)
          .set({ secret: sealed, accessExpiresAt: tokens.expiresAt ? new Date(tokens.expiresAt) : null, updatedAt: clock.now() })
          .where(eq(marketplaceAccounts.id, row.id));
      });
    }
    return { accessToken: tokens.accessToken, tenantId: tokens.tenantId ?? null, scope: tokens.scope ?? null };
  }
}

export function requireOwnUser(actorId: string, pathUserId: string | undefined): void {
  if (pathUserId !== undefined && pathUserId !== actorId) throw notFound('User not found');
}

export const notConnected = (platform: Platform) =>
  new AppError(
    ErrorCode.forbidden,
    platform === 'upwork' ? 'Upwork Setup Required: connect your Upwork account first' : 'Connect your Freelancer.com account first',
  );
