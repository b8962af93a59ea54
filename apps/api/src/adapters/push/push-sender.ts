import webPush from 'web-push';
import { Agent, request } from 'undici';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import { originAllowed } from '../../lib/push-origins';
import type { VapidKeys } from '../../lib/vapid-keys';

/** A browser's subscription as the push service and the encryption need it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * What became of one message. `delivered`: the push service took it (2xx). `gone`: the subscription no longer
 * exists (404, 410), delete it. `later`: the service did not take it and may later — it asked to wait
 * (429), failed (5xx), or could not be reached at all — try again, not before `retryAfterSeconds` when it
 * said so. `refused`: anything else, not tried again: a 4xx, an address no longer allowed, keys that do not
 * encrypt, or no answer once the message was on its way (it may have been taken: trying again could send it
 * twice, decision 0080).
 */
export type PushOutcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'later'; status: number | null; retryAfterSeconds: number | null; reason: string }
  | { kind: 'refused'; status: number | null; reason: string };

/** Web Push (RFC 8030), payloads encrypted `aes128gcm` (RFC 8291), signed with VAPID (RFC 8292). */
export interface PushSender {
  /** The VAPID public key, base64url: browsers subscribe with it. */
  readonly publicKey: string;
  /** Whether an endpoint is at a push service of PUSH_ALLOWED_ORIGINS: nothing is ever posted elsewhere. */
  allows(endpoint: string): boolean;
  /** Encrypts `payload` for the target and posts it, `Urgency: normal`, kept `ttlSeconds` by the service. */
  send(target: PushTarget, payload: string, ttlSeconds: number): Promise<PushOutcome>;
  close(): Promise<void>;
}

/** Connections kept to each push service (undici's pool per origin), one message on each at a time. */
const CONNECTIONS_PER_SERVICE = 100;
/** A VAPID token is valid 12 hours (web-push's default); one per push service is signed again after one. */
const VAPID_TOKEN_REUSE_MS = 3_600_000;

/** Errors that come before the message leaves: the service never saw it, trying again cannot double it. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** `Retry-After` in seconds (a number of seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterSeconds(value: string | string[] | undefined, now: Date): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (text === undefined || text === '') return null;
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * The `web-push` library encrypts each message and makes the VAPID header (per push service, reused for an
 * hour); undici posts it on kept-alive connections, at most `CONNECTIONS_PER_SERVICE` to each push service,
 * no redirect followed. The caller bounds how many are under way at once (jobs/push-deliveries.ts).
 */
class WebPushSender implements PushSender {
  readonly publicKey: string;
  readonly #keys: VapidKeys;
  readonly #subject: string;
  readonly #allowed: Config['push']['allowedOrigins'];
  readonly #clock: Clock;
  readonly #agent: Agent;
  readonly #vapidHeaders = new Map<string, { authorization: string; madeAt: number }>();

  constructor(config: Config, keys: VapidKeys, clock: Clock) {
    this.publicKey = keys.publicKey;
    this.#keys = keys;
    this.#subject = config.push.subject;
    this.#allowed = config.push.allowedOrigins;
    this.#clock = clock;
    this.#agent = new Agent({
      connections: CONNECTIONS_PER_SERVICE,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      connect: { timeout: 10_000 },
      headersTimeout: 20_000,
      bodyTimeout: 20_000,
    });
  }

  allows(endpoint: string): boolean {
    return originAllowed(endpoint, this.#allowed);
  }

  /** The `Authorization: vapid t=…, k=…` header for a push service (RFC 8292: `aud` is its origin). */
  #vapidHeader(origin: string): string {
    // A duration, not a date: the monotonic clock. The token's own `exp` is web-push's, on the real clock
    // the push services check it against.
    const kept = this.#vapidHeaders.get(origin);
    if (kept !== undefined && performance.now() - kept.madeAt < VAPID_TOKEN_REUSE_MS)
      return kept.authorization;
    const { Authorization: authorization } = webPush.getVapidHeaders(
      origin,
      this.#subject,
      this.#keys.publicKey,
      this.#keys.privateKey,
      'aes128gcm',
    ) as { Authorization: string };
    this.#vapidHeaders.set(origin, { authorization, madeAt: performance.now() });
    return authorization;
  }

  async send(target: PushTarget, payload: string, ttlSeconds: number): Promise<PushOutcome> {
    if (!this.allows(target.endpoint)) {
      return { kind: 'refused', status: null, reason: 'endpoint not in PUSH_ALLOWED_ORIGINS' };
    }
    let details: webPush.RequestDetails;
    try {
      details = webPush.generateRequestDetails(target, payload, {
        TTL: ttlSeconds,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      });
    } catch (error) {
      return { kind: 'refused', status: null, reason: `not encrypted: ${(error as Error).message}` };
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
    headers.Authorization = this.#vapidHeader(new URL(target.endpoint).origin);
    try {
      const response = await request(target.endpoint, {
        method: 'POST',
        headers,
        body: details.body,
        dispatcher: this.#agent,
      });
      const status = response.statusCode;
      if (status >= 200 && status < 300) {
        await response.body.dump();
        return { kind: 'delivered', status };
      }
      const text = (await response.body.text()).slice(0, 300);
      if (status === 404 || status === 410) return { kind: 'gone', status };
      if (status === 429 || status >= 500) {
        return {
          kind: 'later',
          status,
          retryAfterSeconds: retryAfterSeconds(response.headers['retry-after'], this.#clock()),
          reason: `${status} ${text}`.trim(),
        };
      }
      return { kind: 'refused', status, reason: `${status} ${text}`.trim() };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const reason = `${typeof code === 'string' ? `${code} ` : ''}${(error as Error).message}`;
      if (typeof code === 'string' && NOT_SENT.has(code)) {
        return { kind: 'later', status: null, retryAfterSeconds: null, reason };
      }
      return { kind: 'refused', status: null, reason: `no answer, it may have been taken: ${reason}` };
    }
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }
}

export function createPushSender(config: Config, keys: VapidKeys, clock: Clock): PushSender {
  return new WebPushSender(config, keys, clock);
}
