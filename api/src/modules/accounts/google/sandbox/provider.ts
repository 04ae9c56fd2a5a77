import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { CryptoBox } from '../../../../kernel/crypto-box';
import type { AppEnv } from '../../../../kernel/http/context';
import { keyedHash, safeEqual } from '../../../../kernel/tokens';
import { chooseAccountPage, errorPage } from './page';

/** The sandbox's OAuth client id (the product's config names it when Google is not configured). */
export const SANDBOX_GOOGLE_CLIENT_ID = 'bidpilot-sandbox';

/** The sandbox client's secret, derived from the server's own secrets (like the sandbox Paystack key). */
export function sandboxGoogleSecret(sessionPepper: string): string {
  return keyedHash(sessionPepper, 'google-sandbox-client');
}

/** Where the sandbox provider lives under a server's origin: its issuer identifier. */
export const sandboxGoogleIssuer = (publicUrl: string) => `${publicUrl}/sandbox/google`;

export interface SandboxGoogleDeps {
  /** The origin browsers reach this server at (the issuer and the only redirect URI are under it). */
  publicUrl: string;
  sessionPepper: string;
  /** Seals authorization codes (a 32-byte hex key: the server's encryption key). */
  encryptionKey: string;
}

const CODE_TTL_MS = 5 * 60_000;
const ID_TOKEN_TTL_S = 3600;

/** What an authorization code carries, sealed: who signed in and the request it answers. */
interface Grant {
  jti: string;
  exp: number;
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | undefined;
  scope: string;
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
}

/** A stable, Google-like numeric subject for an address (the same sandbox "account" always comes back as the same identity). */
export function sandboxSubject(email: string): string {
  const digest = crypto.createHash('sha256').update(`sandbox-google:${email.trim().toLowerCase()}`).digest();
  return `1${(digest.readBigUInt64BE(0) % 10n ** 20n).toString().padStart(20, '0')}`;
}

/**
 * A wire-compatible OpenID Connect provider standing in for Google under `/sandbox/google`: the
 * discovery document, an authorization page (authorization code flow with PKCE S256 only), the token
 * endpoint (client_secret_post or client_secret_basic) and the JWKS; ID tokens are RS256 JWTs signed
 * with `jose`, carrying `email`, `email_verified`, `name` and the request's `nonce`. The signing key
 * is made per process on first use; the product's client reaches the token endpoint and the JWKS
 * in-process, so it always asks the process that signed. Codes are sealed (they work on any process
 * sharing the secrets) and used once per process.
 */
export function sandboxGoogleRoutes(deps: SandboxGoogleDeps) {
  const { publicUrl } = deps;
  // Codes and ID tokens are dated by the real time: the relying party checks them against it.
  const now = () => Date.now();
  const issuer = sandboxGoogleIssuer(publicUrl);
  const redirectUri = `${publicUrl}/auth/google/callback`;
  const clientSecret = sandboxGoogleSecret(deps.sessionPepper);
  const box = new CryptoBox(deps.encryptionKey);
  const used = new Map<string, number>();
  let keys: Promise<{ privateKey: CryptoKey; jwk: JWK }> | undefined;
  const signingKey = () =>
    (keys ??= (async () => {
      const pair = await generateKeyPair('RS256', { extractable: true });
      const jwk = await exportJWK(pair.publicKey);
      return { privateKey: pair.privateKey, jwk: { ...jwk, kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' } };
    })());

  const authorizeRequest = (params: Record<string, string | undefined>): { request: Record<string, string> } | { error: string } => {
    if (params.client_id !== SANDBOX_GOOGLE_CLIENT_ID) return { error: 'Unknown client_id' };
    if (params.redirect_uri !== redirectUri) return { error: `redirect_uri must be ${redirectUri}` };
    if (params.response_type !== 'code') return { error: 'Only response_type=code is supported' };
    if (!params.scope?.split(' ').includes('openid')) return { error: 'The scope must include openid' };
    if (params.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(params.code_challenge ?? ''))
      return { error: 'A PKCE code_challenge (S256) is required' };
    const request: Record<string, string> = {
      client_id: params.client_id,
      redirect_uri: params.redirect_uri,
      scope: params.scope,
      code_challenge: params.code_challenge!,
    };
    if (params.state) request.state = params.state.slice(0, 512);
    if (params.nonce) request.nonce = params.nonce.slice(0, 512);
    return { request };
  };

  const back = (params: Record<string, string>) => `${redirectUri}?${new URLSearchParams({ ...params, iss: issuer })}`;

  const tokenError = (c: Context<AppEnv>, status: 400 | 401, error: string, description: string) =>
    c.json({ error, error_description: description }, status);

  return new Hono<AppEnv>()
    .basePath('/google')
    .get('/.well-known/openid-configuration', (c) =>
      c.json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        code_challenge_methods_supported: ['S256'],
        claims_supported: ['aud', 'email', 'email_verified', 'exp', 'iat', 'iss', 'name', 'given_name', 'family_name', 'nonce', 'sub'],
      }),
    )
    .get('/jwks', async (c) => c.json({ keys: [(await signingKey()).jwk] }))
    .get('/authorize', (c) => {
      const checked = authorizeRequest(c.req.query());
      if ('error' in checked) return c.html(errorPage(checked.error), 400);
      return c.html(chooseAccountPage({ clientName: 'Bidpilot', request: checked.request }));
    })
    .post('/authorize', async (c) => {
      const form = Object.fromEntries(
        [...(await c.req.formData()).entries()].map(([key, value]) => [key, typeof value === 'string' ? value : '']),
      ) as Record<string, string>;
      const checked = authorizeRequest({ ...form, response_type: 'code', code_challenge_method: 'S256' });
      if ('error' in checked) return c.html(errorPage(checked.error), 400);
      const { request } = checked;
      const state: Record<string, string> = request.state ? { state: request.state } : {};
      if (form.decision !== 'allow') return c.redirect(back({ error: 'access_denied', ...state }), 302);
      const email = (form.email ?? '').trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
        return c.html(chooseAccountPage({ clientName: 'Bidpilot', request, error: 'Type a valid email address.' }), 400);
      const grant: Grant = {
        jti: crypto.randomUUID(),
        exp: now() + CODE_TTL_MS,
        clientId: request.client_id!,
        redirectUri: request.redirect_uri!,
        challenge: request.code_challenge!,
        nonce: request.nonce,
        scope: request.scope!,
        sub: sandboxSubject(email),
        email,
        emailVerified: form.email_verified === 'true',
        name: form.name?.trim().slice(0, 100) || undefined,
      };
      return c.redirect(back({ code: box.sealJson(grant, 'sandbox-google-code'), ...state }), 302);
    })
    .post('/token', async (c) => {
      const form = Object.fromEntries(
        [...(await c.req.formData()).entries()].map(([key, value]) => [key, typeof value === 'string' ? value : '']),
      ) as Record<string, string>;
      // client_secret_basic, or client_secret_post.
      const basic = c.req.header('authorization')?.match(/^Basic\s+(.+)$/i)?.[1];
      const [basicId, basicSecret] = basic
        ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent)
        : [form.client_id, form.client_secret];
      if (basicId !== SANDBOX_GOOGLE_CLIENT_ID || !basicSecret || !safeEqual(basicSecret, clientSecret))
        return tokenError(c, 401, 'invalid_client', 'The OAuth client was not found or its secret is wrong.');
      if (form.grant_type !== 'authorization_code') return tokenError(c, 400, 'unsupported_grant_type', 'Only authorization_code');
      let grant: Grant;
      try {
        grant = box.openJson<Grant>(form.code ?? '', 'sandbox-google-code');
      } catch {
        return tokenError(c, 400, 'invalid_grant', 'Malformed auth code.');
      }
      const at = now();
      for (const [jti, until] of used) if (until < at) used.delete(jti);
      if (grant.exp < at || used.has(grant.jti)) return tokenError(c, 400, 'invalid_grant', 'Bad Request');
      if (grant.redirectUri !== form.redirect_uri || grant.clientId !== basicId)
        return tokenError(c, 400, 'invalid_grant', 'The redirect_uri or client does not match the authorization request.');
      const verifier = form.code_verifier ?? '';
      const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
      if (!verifier || !safeEqual(challenge, grant.challenge)) return tokenError(c, 400, 'invalid_grant', 'Missing code verifier.');
      used.set(grant.jti, grant.exp);
      const { privateKey, jwk } = await signingKey();
      const seconds = Math.floor(at / 1000);
      const [given, ...family] = (grant.name ?? '').split(/\s+/).filter(Boolean);
      const idToken = await new SignJWT({
        azp: grant.clientId,
        email: grant.email,
        email_verified: grant.emailVerified,
        ...(grant.name ? { name: grant.name, given_name: given, ...(family.length ? { family_name: family.join(' ') } : {}) } : {}),
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(grant.clientId)
        .setSubject(grant.sub)
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + ID_TOKEN_TTL_S)
        .sign(privateKey);
      return c.json({
        access_token: crypto.randomBytes(24).toString('base64url'),
        token_type: 'Bearer',
        expires_in: ID_TOKEN_TTL_S - 1,
        scope: grant.scope,
        id_token: idToken,
      });
    });
}
