import * as client from 'openid-client';

/** What the provider said of the person, once the ID token is checked. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
}

/** One authorization request under way: what the browser's flow cookie keeps, and the URL to send it to. */
export interface StartedFlow {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
}

export interface OidcSettings {
  /** The provider's issuer identifier (its discovery document is under it). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back (a PWA page that posts the answer to the API). */
  redirectUri: string;
  /** How the provider is reached: the sandbox in-process, the real one over the network. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

export class OidcError extends Error {
  override name = 'OidcError';
}

/**
 * An OpenID Connect relying party (`openid-client`): the authorization code flow with PKCE (S256),
 * `state` and `nonce`, the provider found by discovery and its ID tokens checked against its JWKS
 * (signature, issuer, audience, expiry, nonce). The discovery is made on first use and retried after
 * a failure. ID tokens' times are checked against the real time, as the provider dates them.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: OidcSettings) {}

  private config(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret, fetch } = this.settings;
    this.configuration ??= client
      .discovery(
        new URL(issuer),
        clientId,
        { client_secret: clientSecret, redirect_uris: [this.settings.redirectUri], response_types: ['code'] },
        client.ClientSecretPost(clientSecret),
        {
          ...(fetch ? { [client.customFetch]: (url: string, init: client.CustomFetchOptions) => fetch(url, init as RequestInit) } : {}),
          ...(new URL(issuer).protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
        },
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  /** A new authorization request: the provider's URL, and the secrets the browser's cookie must hold until it comes back. */
  async start(): Promise<StartedFlow> {
    const config = await this.config();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      prompt: 'select_account',
    });
    return { url: url.href, state, nonce, verifier };
  }

  /**
   * Completes the flow the browser came back from (`query`: the redirect's query string): the code
   * exchanged with the PKCE verifier, the state and the ID token's nonce matched to the flow's.
   */
  async finish(query: string, flow: { state: string; nonce: string; verifier: string }): Promise<VerifiedIdentity> {
    const config = await this.config();
    const current = new URL(`${this.settings.redirectUri}?${query.replace(/^\?/, '')}`);
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new OidcError(error instanceof Error ? error.message : String(error), { cause: error });
    }
    const claims = tokens.claims();
    if (!claims) throw new OidcError('The provider answered without an ID token');
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email) throw new OidcError('The ID token carries no email address');
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : undefined);
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email,
      emailVerified: claims.email_verified === true,
      givenName: text(claims.given_name),
      familyName: text(claims.family_name),
    };
  }
}
