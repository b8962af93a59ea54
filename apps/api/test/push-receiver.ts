import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/*
 * A push service on 127.0.0.1 for the tests, doing what Firebase, Mozilla's autopush or Apple's service do
 * with a message, and what the browser then does with it: it checks the VAPID header (RFC 8292: an ES256
 * JWT whose `aud` is its own origin, `sub` the server's VAPID_SUBJECT, signed by the key in `k=`, which is
 * the server's public key) and decrypts the body with the subscription's private key (RFC 8291, `aes128gcm`
 * of RFC 8188), written here from the RFCs with node:crypto, not with the library that encrypted it. It
 * answers 201, or what a test asks: 404, 410, 429 with Retry-After, 500.
 */

/** A browser subscribed to this push service: its keys, as `PushSubscription.toJSON()` gives them. */
export interface TestBrowser {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
}

/** A message the service took (2xx) and the browser decrypted. */
export interface ReceivedPush {
  browser: string;
  payload: Record<string, unknown>;
  ttl: number;
  urgency: string | undefined;
}

export interface ScriptedAnswer {
  status: number;
  retryAfter?: string;
  /** Answered after this long (a slow push service). */
  delayMs?: number;
  /** No answer: the connection is cut once the message is read (it may or may not have been taken). */
  hangUp?: boolean;
}

/** RFC 8291 on a body of RFC 8188's `aes128gcm`: the plaintext, as the browser's push client gets it. */
export function decryptAes128gcm(body: Buffer, browser: Pick<TestBrowser, 'ecdh' | 'auth'>): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid of ${idLength} bytes, not an uncompressed P-256 point`);
  if (record.length > recordSize) throw new Error('more than one record');
  const ecdhSecret = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  // The last (and only) record ends with the delimiter 0x02, then its padding.
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

export class TestPushService {
  readonly received: ReceivedPush[] = [];
  /** Every request, whatever was answered: browser and status. */
  readonly requests: { browser: string; status: number }[] = [];
  /** What was wrong with a request (a bad token, a body that does not decrypt): a test expects none. */
  readonly problems: string[] = [];
  readonly #browsers = new Map<string, TestBrowser>();
  readonly #scripts = new Map<string, ScriptedAnswer[]>();
  #vapidPublicKey: string | undefined;

  constructor(
    private readonly server: http.Server,
    readonly origin: string,
    private readonly subject: string,
  ) {}

  /** The server's VAPID public key (`GET /api/push/public-key`), which every token must be signed with. */
  expectKey(publicKey: string): void {
    this.#vapidPublicKey = publicKey;
  }

  /** A new browser subscribed here. */
  subscribe(): TestBrowser {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const id = randomUUID();
    const browser: TestBrowser = {
      id,
      subscription: {
        endpoint: `${this.origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      },
      ecdh,
      auth,
    };
    this.#browsers.set(id, browser);
    return browser;
  }

  /** The next requests for this browser get these answers, in order; 201 after. */
  answer(browser: TestBrowser, ...answers: ScriptedAnswer[]): void {
    this.#scripts.set(browser.id, [...(this.#scripts.get(browser.id) ?? []), ...answers]);
  }

  messagesTo(browser: TestBrowser): ReceivedPush[] {
    return this.received.filter((m) => m.browser === browser.id);
  }

  async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const browser = id === undefined ? undefined : this.#browsers.get(id);
    const refuse = (status: number, problem: string) => {
      this.problems.push(`${request.method} ${request.url}: ${problem}`);
      this.requests.push({ browser: id ?? '?', status });
      response.writeHead(status).end(problem);
    };
    if (request.method !== 'POST' || browser === undefined) return refuse(404, 'no such subscription');
    try {
      await this.#checkVapid(request.headers.authorization);
    } catch (error) {
      return refuse(403, `VAPID: ${(error as Error).message}`);
    }
    if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(400, 'not aes128gcm');
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl)) return refuse(400, 'no TTL');
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(decryptAes128gcm(body, browser).toString('utf8')) as Record<string, unknown>;
    } catch (error) {
      return refuse(400, `not decrypted: ${(error as Error).message}`);
    }
    const scripted: ScriptedAnswer = this.#scripts.get(browser.id)?.shift() ?? { status: 201 };
    if (scripted.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, scripted.delayMs));
    if (scripted.hangUp === true) {
      this.requests.push({ browser: browser.id, status: 0 });
      request.socket.destroy();
      return;
    }
    this.requests.push({ browser: browser.id, status: scripted.status });
    if (scripted.status >= 200 && scripted.status < 300) {
      this.received.push({ browser: browser.id, payload, ttl, urgency: request.headers.urgency as string });
    }
    response
      .writeHead(
        scripted.status,
        scripted.retryAfter === undefined ? {} : { 'retry-after': scripted.retryAfter },
      )
      .end();
  }

  async #checkVapid(header: string | undefined): Promise<void> {
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
    if (match === null) throw new Error(`no VAPID Authorization header (${header})`);
    const [, token, key] = match;
    if (this.#vapidPublicKey === undefined) throw new Error('the server’s public key was not given');
    if (key !== this.#vapidPublicKey) throw new Error('k= is not the server’s public key');
    const raw = Buffer.from(key, 'base64url');
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    };
    const { payload, protectedHeader } = await jwtVerify(token!, await importJWK(jwk, 'ES256'), {
      algorithms: ['ES256'],
      audience: this.origin,
      subject: this.subject,
    });
    if (protectedHeader.typ !== 'JWT') throw new Error('typ is not JWT');
    // RFC 8292: no more than 24 hours from the request.
    if (payload.exp === undefined || payload.exp * 1000 > Date.now() + 24 * 3_600_000) {
      throw new Error('exp missing or more than 24 hours away');
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}

/** A push service listening on 127.0.0.1, whose tokens must name `subject` (the server's VAPID_SUBJECT). */
export async function startPushService(subject: string): Promise<TestPushService> {
  const holder: { service?: TestPushService } = {};
  const server = http.createServer((request, response) => {
    const service = holder.service!;
    service.handle(request, response).catch((error: unknown) => {
      service.problems.push(String(error));
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  holder.service = new TestPushService(server, `http://127.0.0.1:${port}`, subject);
  return holder.service;
}
