/**
 * TEST HELPER (not used by the server): a local HTTPS push service that records what it receives, a
 * browser-like subscriber with its own P-256 keys, RFC 8291 decryption and VAPID JWT checks
 * (`../shared/reference/external-apis.md` section 5). The TLS certificate is made at run time in
 * plain Node (a minimal self-signed X.509 in DER), so no openssl binary and no network are needed.
 */
import crypto from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/* ---- a throwaway self-signed certificate ---------------------------------------------------- */

function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n >>= 8) bytes.unshift(n & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const der = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
};
const seq = (...parts: Buffer[]) => der(0x30, ...parts);
const set = (...parts: Buffer[]) => der(0x31, ...parts);
const integer = (bytes: Buffer) => der(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [a! * 40 + b!];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return der(0x06, Buffer.from(out));
}
const utf8 = (text: string) => der(0x0c, Buffer.from(text, 'utf8'));
const utcTime = (date: Date) => der(0x17, Buffer.from(`${date.toISOString().replace(/[-:T]/g, '').slice(2, 14)}Z`, 'ascii'));
const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'));

/** A self-signed P-256 certificate for `localhost` and 127.0.0.1, valid for a day. */
export function selfSignedCertificate(): { key: string; cert: string } {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const name = seq(set(seq(oid('2.5.4.3'), utf8('localhost'))));
  const now = Date.now();
  const altNames = seq(der(0x82, Buffer.from('localhost')), der(0x87, Buffer.from([127, 0, 0, 1])));
  const serial = crypto.randomBytes(8);
  // Positive and minimal in DER: a leading 0x00 byte (1 in 128 draws) is "illegal padding" to OpenSSL.
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  const tbs = seq(
    der(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    ECDSA_SHA256,
    name,
    seq(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der(0xa3, seq(seq(oid('2.5.29.17'), der(0x04, altNames)))),
  );
  const signature = crypto.sign('sha256', tbs, privateKey);
  const certificate = seq(tbs, ECDSA_SHA256, der(0x03, Buffer.from([0]), signature));
  const lines = certificate
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n');
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: `-----BEGIN CERTIFICATE-----\n${lines}\n-----END CERTIFICATE-----\n`,
  };
}

/* ---- a browser's subscription ----------------------------------------------------------------- */

export interface FakeSubscriber {
  /** What `PushSubscription.toJSON()` would give. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  ecdh: crypto.ECDH;
  auth: string;
}

/* ---- the push service --------------------------------------------------------------------------- */

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface FakePushService {
  origin: string;
  /** Its TLS certificate (PEM): a separate process trusts it through NODE_EXTRA_CA_CERTS. */
  cert: string;
  received: ReceivedPush[];
  /** Answer this status to pushes for one endpoint path (default 201). */
  respond(path: string, status: number): void;
  subscriber(id?: string): FakeSubscriber;
  /** The plaintext of a push, decrypted with the subscriber's private key and auth secret. */
  decrypt(push: ReceivedPush, subscriber: FakeSubscriber): string;
  /** Checks the `Authorization: vapid t=…, k=…` header; returns the JWT claims. */
  verifyVapid(push: ReceivedPush, expectedPublicKey: string, nowSeconds?: number): { aud: string; exp: number; sub: string };
  /** An agent that trusts nothing in particular: for the sender in tests only. */
  agent: https.Agent;
  close(): Promise<void>;
}

/**
 * `takeAfterMs`: how long a push is on its way before the service has it (a slow network); a sender
 * that drops the connection meanwhile (its process killed) has not delivered it.
 */
export async function startFakePushService(options: { takeAfterMs?: () => number } = {}): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const tls = selfSignedCertificate();
  const server = https.createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const take = () => {
        if (req.socket.destroyed) return;
        const path = req.url ?? '/';
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        const status = statuses.get(path) ?? 201;
        res.writeHead(status, status === 201 ? { location: `${path}/message/${received.length}` } : {});
        res.end(status >= 400 ? 'push subscription has unsubscribed or expired.' : '');
      };
      const delay = options.takeAfterMs?.() ?? 0;
      if (delay > 0) setTimeout(take, delay);
      else take();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ rejectUnauthorized: false, keepAlive: false });
  let count = 0;

  return {
    origin,
    cert: tls.cert,
    received,
    agent,
    respond: (path, status) => void statuses.set(path, status),
    subscriber(id = `sub-${++count}`) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16).toString('base64url');
      return {
        subscription: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        },
        ecdh,
        auth,
      };
    },
    decrypt: (push, subscriber) =>
      decrypt(push.body, { version: 'aes128gcm', privateKey: subscriber.ecdh, authSecret: subscriber.auth }).toString('utf8'),
    verifyVapid(push, expectedPublicKey, nowSeconds = Math.floor(Date.now() / 1000)) {
      const header = String(push.headers.authorization ?? '');
      const match = header.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
      if (!match) throw new Error(`Not a VAPID authorization header: ${header}`);
      const [, token, k] = match as unknown as [string, string, string];
      if (k !== expectedPublicKey) throw new Error('The VAPID key is not the server’s');
      const [h, p, s] = token.split('.') as [string, string, string];
      const jwtHeader = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as { alg?: string; typ?: string };
      if (jwtHeader.alg !== 'ES256') throw new Error(`Unexpected JWT alg ${jwtHeader.alg}`);
      const point = Buffer.from(k, 'base64url');
      const key = crypto.createPublicKey({
        key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
        format: 'jwk',
      });
      const valid = crypto.verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
      if (!valid) throw new Error('The VAPID JWT signature does not verify');
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
      if (claims.aud !== origin) throw new Error(`The JWT audience ${claims.aud} is not ${origin}`);
      if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 3600))
        throw new Error(`The JWT expiry ${claims.exp} is not within 24 h`);
      return claims;
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
