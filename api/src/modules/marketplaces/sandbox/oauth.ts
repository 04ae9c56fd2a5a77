import { Hono, type Context } from 'hono';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, type SandboxAccounts } from './accounts';
import { consentPage, errorPage } from './pages';

const CLIENTS: Record<string, { name: string; secret: string }> = {
  [SANDBOX_CLIENT_ID]: { name: 'Bidpilot', secret: SANDBOX_CLIENT_SECRET },
};

const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/;

export interface OAuthSetup {
  accounts: SandboxAccounts;
  brand: string;
  defaultUsername: string;
  authorizePaths: string[];
  tokenPath: string;
  /** The request parameters carried through the consent form. */
  carried: string[];
  /** What the page lists as asked for. */
  permissions(params: Record<string, string>): string[];
  optIn?: { name: string; label: string };
  /** The scope granted, from the request and the ticked boxes. */
  grantedScope(params: Record<string, string>, optedIn: boolean): string;
}

function validRedirect(uri: string | undefined): URL | null {
  if (!uri) return null;
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function redirectTo(c: Context, target: URL, params: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') target.searchParams.set(key, value);
  c.header('Cache-Control', 'no-store');
  return c.redirect(target.toString(), 302);
}

function stringRecord(input: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) if (typeof value === 'string') out[key] = value;
  return out;
}

/** The authorization-code flow of one sandbox marketplace: consent page, its form, the token endpoint. */
export function oauthRoutes(setup: OAuthSetup) {
  const app = new Hono();

  const render = (c: Context, params: Record<string, string>, options: { username?: string; error?: string; status?: 200 | 400 } = {}) => {
    const client = CLIENTS[params.client_id ?? '']!;
    const redirect = validRedirect(params.redirect_uri)!;
    // The form posts here and is answered with a redirect to the client: allow both as form targets.
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${redirect.origin}; frame-ancestors 'none'; base-uri 'none'`,
    );
    c.header('Cache-Control', 'no-store');
    const hidden: Record<string, string> = {};
    for (const key of setup.carried) if (params[key] !== undefined) hidden[key] = params[key]!;
    return c.html(
      consentPage({
        brand: setup.brand,
        clientName: client.name,
        action: c.req.path,
        hidden,
        username: options.username ?? setup.defaultUsername,
        permissions: setup.permissions(params),
        optIn: setup.optIn ? { ...setup.optIn, checked: false } : undefined,
        error: options.error,
      }),
      options.status ?? 200,
    );
  };

  /** Checks client and redirect_uri; an error here is shown, never redirected (the target is not trusted). */
  const precheck = (c: Context, params: Record<string, string>) => {
    if (!params.client_id || !CLIENTS[params.client_id])
      return c.html(errorPage(setup.brand, `Unknown client_id "${params.client_id ?? ''}".`), 400);
    if (!validRedirect(params.redirect_uri))
      return c.html(errorPage(setup.brand, 'redirect_uri is missing or is not an http(s) address.'), 400);
    return null;
  };

  for (const path of setup.authorizePaths) {
    for (const variant of [path, `${path}/`]) {
      app.get(variant, (c) => {
        const params = stringRecord(c.req.query());
        const bad = precheck(c, params);
        if (bad) return bad;
        if (params.response_type !== 'code') {
          return redirectTo(c, validRedirect(params.redirect_uri)!, {
            error: 'unsupported_response_type',
            error_description: 'response_type must be "code"',
            state: params.state,
          });
        }
        return render(c, params);
      });

      app.post(variant, async (c) => {
        const params = stringRecord(await c.req.parseBody());
        const bad = precheck(c, params);
        if (bad) return bad;
        const redirect = validRedirect(params.redirect_uri)!;
        if (params.decision === 'deny') {
          return redirectTo(c, redirect, {
            error: 'access_denied',
            error_description: 'The user denied the authorization request',
            state: params.state,
          });
        }
        if (params.decision !== 'allow') return render(c, params, { error: 'Choose Allow or Deny.', status: 400 });
        const username = (params.username ?? '').trim();
        if (!USERNAME.test(username)) {
          return render(c, params, {
            username,
            error: 'The username must be 3 to 32 letters, digits, dots, dashes or underscores.',
            status: 400,
          });
        }
        const user = await setup.accounts.user(username);
        const code = await setup.accounts.issueCode({
          userId: user.id,
          clientId: params.client_id!,
          redirectUri: params.redirect_uri!,
          scope: setup.grantedScope(params, Boolean(setup.optIn && params[setup.optIn.name])),
        });
        return redirectTo(c, redirect, { code, state: params.state });
      });
    }
  }

  const tokenError = (c: Context, status: 400 | 401, error: string, description: string) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ error, error_description: description }, status);
  };

  for (const variant of [setup.tokenPath, `${setup.tokenPath}/`]) {
    app.post(variant, async (c) => {
      const type = c.req.header('content-type') ?? '';
      let body: Record<string, string>;
      try {
        body = type.includes('application/json')
          ? stringRecord((await c.req.json()) as Record<string, unknown>)
          : stringRecord(await c.req.parseBody());
      } catch {
        return tokenError(c, 400, 'invalid_request', 'The body must be form-encoded');
      }
      let clientId = body.client_id;
      let clientSecret = body.client_secret;
      const basic = c.req.header('authorization')?.match(/^Basic\s+(.+)$/i)?.[1];
      if (basic) {
        const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
        clientId = decodeURIComponent(id ?? '');
        clientSecret = decodeURIComponent(secret ?? '');
      }
      const client = clientId ? CLIENTS[clientId] : undefined;
      if (!client || client.secret !== clientSecret) return tokenError(c, 401, 'invalid_client', 'Client authentication failed');
      c.header('Cache-Control', 'no-store');
      if (body.grant_type === 'authorization_code') {
        if (!body.code) return tokenError(c, 400, 'invalid_request', 'code is required');
        const result = await setup.accounts.redeemCode(body.code, clientId!, body.redirect_uri);
        return result.ok ? c.json(result.tokens) : tokenError(c, 400, result.error, result.description);
      }
      if (body.grant_type === 'refresh_token') {
        if (!body.refresh_token) return tokenError(c, 400, 'invalid_request', 'refresh_token is required');
        const result = await setup.accounts.refresh(body.refresh_token);
        return result.ok ? c.json(result.tokens) : tokenError(c, 400, result.error, result.description);
      }
      return tokenError(c, 400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
    });
  }
  return app;
}
