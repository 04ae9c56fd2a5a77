import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import type { Platform } from '@shared/marketplaces';
import type { Language } from '@shared/languages';
import type { User } from '@shared/schemas/user';
import { accountEmailSchema } from '@shared/validation';
import type { Clock } from '../../../kernel/clock';
import type { CryptoBox } from '../../../kernel/crypto-box';
import { AppError } from '../../../kernel/errors';
import type { Logger } from '../../../kernel/logger';
import { tablesOf, type UserRow } from '../../../store/schema/index';
import { first, type Store } from '../../../store/store';
import type { AccountService, IdentityToLink, OwnerProof, RequestContext } from '../accounts';
import { hasPassword } from '../passwords';
import { findUserByEmail } from '../users';
import { OidcError, type OidcClient, type VerifiedIdentity } from './oidc';

/** How long a round trip to the provider may take, and how long a pending link waits for its proof. */
export const FLOW_TTL_MS = 10 * 60_000;
export const LINK_TTL_MS = 15 * 60_000;

/** What the browser's flow cookie holds (sealed) between `start` and the callback. */
interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  intent: 'signin' | 'signup';
  platformType?: Platform | undefined;
  referralCode?: string | undefined;
  next?: string | undefined;
  exp: number;
}

/** What the browser's link cookie holds (sealed) while the account's owner proves it is theirs. */
interface PendingLink extends IdentityToLink {
  userId: string;
  next?: string | undefined;
  exp: number;
}

export type CallbackOutcome =
  | { status: 'signedIn'; token: string; user: User; created: boolean; next: string | null }
  | { status: 'linkRequired'; email: string; hasPassword: boolean; linkCookie: string };

const FLOW_AAD = 'google-flow';
const LINK_AAD = 'google-link';

export const googleFailed = (message = 'The Google sign-in could not be completed. Please try again.') =>
  new AppError(ErrorCode.googleFailed, message);

export interface GoogleSignInDeps {
  store: Store;
  clock: Clock;
  log: Logger;
  box: CryptoBox;
  oidc: OidcClient;
  accounts: AccountService;
  emailDomains: readonly string[];
}

/**
 * Sign in with Google, over the accounts: an identity already linked signs its account in; a new
 * verified address (at an allowed provider) gets an account; an address that has an account already
 * is never taken over: the browser gets a pending link, completed only with that account's password
 * or a code mailed to it. The round trip's state, nonce and PKCE verifier, and a pending link, live
 * sealed in HttpOnly cookies of this browser only.
 */
export class GoogleSignIn {
  private readonly emailRule;

  constructor(private readonly deps: GoogleSignInDeps) {
    this.emailRule = accountEmailSchema(deps.emailDomains);
  }

  /** A new round trip: the provider's URL to send the browser to, and the sealed flow for its cookie. */
  async start(input: Omit<Flow, 'state' | 'nonce' | 'verifier' | 'exp'>): Promise<{ url: string; flowCookie: string }> {
    const started = await this.deps.oidc.start();
    const flow: Flow = { ...input, state: started.state, nonce: started.nonce, verifier: started.verifier, exp: this.now() + FLOW_TTL_MS };
    return { url: started.url, flowCookie: this.deps.box.sealJson(flow, FLOW_AAD) };
  }

  /** The browser came back from the provider with `query`; `flowCookie` is what its cookie held. */
  async callback(
    query: string,
    flowCookie: string | undefined,
    page: { language?: Language | undefined; timeZone?: string | undefined },
    ctx: RequestContext & { fallbackLanguage: Language },
  ): Promise<CallbackOutcome> {
    const flow = this.open<Flow>(flowCookie, FLOW_AAD);
    if (new URLSearchParams(query).get('error')) throw googleFailed('The Google sign-in was cancelled.');
    let identity: VerifiedIdentity;
    try {
      identity = await this.deps.oidc.finish(query, flow);
    } catch (error) {
      if (error instanceof OidcError) {
        this.deps.log.warn('google sign-in refused', { reason: error.message });
        throw googleFailed();
      }
      this.deps.log.error('google unreachable', { error });
      throw new AppError(ErrorCode.googleUnavailable, 'Google could not be reached. Please try again in a minute.');
    }
    const link: IdentityToLink = { provider: 'google', issuer: identity.issuer, subject: identity.subject, email: identity.email };
    const next = flow.next ?? null;

    const linked = await this.linkedUser(identity);
    if (linked) {
      await this.touch(identity);
      return { status: 'signedIn', ...(await this.deps.accounts.signInWithIdentity(linked, ctx)), created: false, next };
    }
    if (!identity.emailVerified)
      throw new AppError(ErrorCode.googleEmailUnverified, 'Google has not verified the address of this Google account.');
    const existing = await findUserByEmail(this.deps.store.db, identity.email);
    if (existing) return this.pendingLink(existing, link, next);
    const allowed = this.emailRule.safeParse(identity.email);
    if (!allowed.success)
      throw new AppError(
        ErrorCode.googleEmailNotAllowed,
        allowed.error.issues[0]?.message ?? 'This address cannot be used for an account.',
      );
    const created = await this.deps.accounts.createWithIdentity(
      {
        email: allowed.data,
        platformType: flow.platformType ?? 'upwork',
        referralCode: flow.referralCode,
        language: page.language ?? ctx.fallbackLanguage,
        timeZone: page.timeZone,
        firstName: identity.givenName,
        lastName: identity.familyName,
      },
      link,
      ctx,
    );
    if (created) return { status: 'signedIn', ...created, created: true, next };
    // The address took an account between the look and the write: it is linked only with proof.
    const raced = await findUserByEmail(this.deps.store.db, identity.email);
    if (!raced) throw googleFailed();
    return this.pendingLink(raced, link, next);
  }

  /** Mails the account a pending link names a code that proves it is its owner's. */
  async mailLinkCode(linkCookie: string | undefined, ctx: RequestContext): Promise<void> {
    const pending = this.open<PendingLink>(linkCookie, LINK_AAD);
    await this.deps.accounts.mailCode(await this.owner(pending), 'link_identity', ctx);
  }

  /** Links the pending identity once the account's owner proved it (password or mailed code), and signs in. */
  async link(
    linkCookie: string | undefined,
    proof: OwnerProof,
    ctx: RequestContext,
  ): Promise<{ token: string; user: User; next: string | null }> {
    const pending = this.open<PendingLink>(linkCookie, LINK_AAD);
    const row = await this.owner(pending);
    await this.deps.accounts.confirmOwner(row, proof, 'link_identity', ctx);
    const { userId: _user, next, exp: _exp, ...identity } = pending;
    return { ...(await this.deps.accounts.linkIdentityAndSignIn(row, identity, ctx)), next: next ?? null };
  }

  private pendingLink(row: UserRow, identity: IdentityToLink, next: string | null): CallbackOutcome {
    const pending: PendingLink = { ...identity, userId: row.id, ...(next ? { next } : {}), exp: this.now() + LINK_TTL_MS };
    return {
      status: 'linkRequired',
      email: row.email,
      hasPassword: hasPassword(row),
      linkCookie: this.deps.box.sealJson(pending, LINK_AAD),
    };
  }

  /** The account a pending link was made for, still holding the address Google vouched for. */
  private async owner(pending: PendingLink): Promise<UserRow> {
    const row = await findUserByEmail(this.deps.store.db, pending.email);
    if (!row || row.id !== pending.userId) throw googleFailed('This sign-in has expired. Please sign in with Google again.');
    return row;
  }

  private async linkedUser(identity: VerifiedIdentity): Promise<UserRow | undefined> {
    const { userIdentities, users } = tablesOf(this.deps.store.db);
    const found = await first(
      this.deps.store.db
        .select({ user: users })
        .from(userIdentities)
        .innerJoin(users, eq(users.id, userIdentities.userId))
        .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject))),
    );
    return found?.user;
  }

  private async touch(identity: VerifiedIdentity): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.store.tx(async (tx) => {
      const { userIdentities } = tablesOf(tx);
      await tx
        .update(userIdentities)
        .set({ email: identity.email, lastUsedAt: now })
        .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)));
    });
  }

  private open<T extends { exp: number }>(sealed: string | undefined, aad: string): T {
    let value: T;
    try {
      value = this.deps.box.openJson<T>(sealed ?? '', aad);
    } catch {
      throw googleFailed('This sign-in has expired. Please sign in with Google again.');
    }
    if (typeof value.exp !== 'number' || value.exp < this.now())
      throw googleFailed('This sign-in has expired. Please sign in with Google again.');
    return value;
  }

  private now(): number {
    return this.deps.clock.now().getTime();
  }
}
