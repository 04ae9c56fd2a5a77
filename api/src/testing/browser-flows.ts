/** What a test's call answers: at least the status, the parsed body and the headers. */
type Answer = { status: number; json: any; headers: Headers };
/** A test's way to call the app: the harness's `call`, or a test's own with the same shape. */
type Call<R extends Answer> = (method: string, url: string, body?: unknown, headers?: Record<string, string>) => Promise<R>;

/** The `name=value` of a cookie an answer sets, ready for a `cookie` header (undefined when it sets none). */
export function setCookieOf(headers: Headers | undefined, name: string): string | undefined {
  const all = headers?.getSetCookie() ?? [];
  const found = all.find((line) => line.startsWith(`${name}=`));
  return found?.split(';')[0];
}

/** Whether `headers` carries a cookie header already; joins ours to it. */
function withCookie(headers: Record<string, string>, cookie: string | undefined): Record<string, string> {
  if (!cookie) return headers;
  return { ...headers, cookie: headers.cookie ? `${headers.cookie}; ${cookie}` : cookie };
}

/**
 * Starts a Telegram login as the app's page does: to link (with `headers` carrying a session) from
 * Settings, or to sign in (without) from the sign-in screen. Answers the state and the browser
 * cookie the server set with it.
 */
export async function startTelegramLogin<R extends Answer>(
  call: Call<R>,
  purpose: 'link' | 'signin',
  headers: Record<string, string> = {},
): Promise<{ state: string; cookie: string }> {
  const res = await call('POST', purpose === 'link' ? '/api/telegram/link/start' : '/api/auth/telegram/start', undefined, headers);
  if (res.status !== 200) throw new Error(`telegram ${purpose} start failed: ${res.status} ${JSON.stringify(res.json)}`);
  const cookie = setCookieOf(res.headers, 'bidpilot_telegram');
  if (!cookie) throw new Error('the start set no browser cookie');
  return { state: res.json.data.state as string, cookie };
}

/** A whole Telegram login in one browser: started, then the widget's answer sent back with its state and cookie. */
export async function telegramLogin<R extends Answer>(
  call: Call<R>,
  purpose: 'link' | 'signin',
  fields: unknown,
  headers: Record<string, string> = {},
) {
  const { state, cookie } = await startTelegramLogin(call, purpose, headers);
  return call('POST', '/api/auth/telegram-callback', { state, fields }, withCookie(headers, cookie));
}

/** The callback with a given state and browser cookie (or none). */
export function telegramCallback<R extends Answer>(call: Call<R>, body: unknown, headers: Record<string, string> = {}, cookie?: string) {
  return call('POST', '/api/auth/telegram-callback', body, withCookie(headers, cookie));
}

/**
 * The cookies of the browser coming back from a marketplace's consent: its session and the nonce
 * the connection's start set (the `headers` of the start's answer).
 */
export function oauthReturnCookies(sessionToken: string, startHeaders: Headers): string {
  const nonce = setCookieOf(startHeaders, 'bidpilot_oauth');
  if (!nonce) throw new Error('the connection start set no browser cookie');
  return `auth_token=${sessionToken}; ${nonce}`;
}
