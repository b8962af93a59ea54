import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MAP_SERVER_CLUSTERS_FROM } from '@tables-voisines/contract/map-settings';
import { DEFAULT_CONFIRMATION_RESEND_DELAY_SECONDS } from '@tables-voisines/contract/schemas/account';
import { z } from 'zod';
import { DEFAULT_PUSH_ALLOWED_ORIGINS, parseOriginPattern, type OriginPattern } from './lib/push-origins';
import { vapidKeysProblems, type VapidKeys } from './lib/vapid-keys';

/**
 * The only place that reads `process.env`. Every variable of the README's "Configuration" is parsed here;
 * a bad value stops the start with a message naming the variable.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const intInRange = (min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
        ctx.addIssue({ code: 'custom', message: `doit être un entier entre ${min} et ${max}` });
        return z.NEVER;
      }
      return Number(v);
    });

const httpUrl = z
  .string()
  .trim()
  .refine((v) => /^https?:\/\/[^\s]+$/.test(v) && URL.canParse(v), {
    message: 'doit être une adresse http:// ou https:// valide',
  });

const optionalUrl = (protocols: string[], label: string) =>
  optionalString.refine(
    (v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)),
    { message: `doit être une adresse ${label} valide` },
  );

/** The style the product makes for `MAP_TILES_FILE` (modules/map/self-hosted-map.ts). */
export const SELF_HOSTED_STYLE_PATH = '/map/self-hosted/style.json';

/** Why a file is not a PMTiles archive of vector tiles the map can draw, or null when it is one. */
function pmtilesProblem(file: string): string | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return 'fichier introuvable ou illisible';
  }
  try {
    const head = Buffer.alloc(127);
    const read = readSync(fd, head, 0, head.length, 0);
    if (read < head.length || head.toString('latin1', 0, 7) !== 'PMTiles') {
      return 'n’est pas une archive PMTiles';
    }
    if (head[7] !== 3) return `archive PMTiles version ${head[7]} : seule la version 3 est lue`;
    // Tile type (byte 99): 1 is Mapbox Vector Tiles, what the style draws.
    if (head[99] !== 1) return 'l’archive ne contient pas de tuiles vectorielles (MVT)';
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * The default base map: the national mapping agency's plan (Géoplateforme, keyless), streets and labels.
 * Its style, tiles, glyphs and sprites all come from this host, which the Content-Security-Policy lists.
 */
export const PUBLIC_MAP_STYLE_URL =
  'https://data.geopf.fr/annexes/ressources/vectorTiles/styles/PLAN.IGN/standard.json';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: intInRange(0, 65535, 3000),
  HOST: z.string().trim().min(1, 'ne doit pas être vide').default('127.0.0.1'),
  PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: z.string().trim().min(1, 'ne doit pas être vide').default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'PostgreSQL (postgres://...)'),
  JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'doit contenir au moins 32 caractères',
  }),
  ACCESS_TOKEN_TTL: intInRange(10, 86_400, 900),
  LONG_LIFE_TOKEN_TTL: intInRange(60, 31_536_000, 2_592_000),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  SEED: z
    .enum(['demo', 'none', ''])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'SMTP (smtp://... ou smtps://...)'),
  MAIL_FROM: optionalString,
  CONTACT_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return 'contact@localhost';
      // An address of a local host too (`contact@localhost`): what the default is.
      if (/^[^\s@<>]+@[^\s@<>]+$/.test(v)) return v.toLowerCase();
      ctx.addIssue({ code: 'custom', message: 'doit être une adresse e-mail (contact@exemple.fr)' });
      return z.NEVER;
    }),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'http(s)'),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalUrl(['http:', 'https:'], 'http(s)'),
  FACEBOOK_PAGE_ID: optionalString,
  FACEBOOK_PAGE_TOKEN: optionalString,
  FACEBOOK_GRAPH_URL: optionalUrl(['http:', 'https:'], 'http(s)'),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'Redis (redis://...)'),
  RATE_LIMIT_SIGN_IN: intInRange(1, 100_000, 10),
  RATE_LIMIT_REPORTS: intInRange(1, 100_000, 5),
  RATE_LIMIT_FOLLOWS: intInRange(1, 100_000, 30),
  RATE_LIMIT_EVENTS: intInRange(1, 100_000, 10),
  STATS_FLUSH_SECONDS: intInRange(1, 60, 10),
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString.refine(
    (v) =>
      v === undefined ||
      /^mailto:[^\s@<>]+@[^\s@<>]+$/.test(v) ||
      (/^https:\/\/[^\s]+$/.test(v) && URL.canParse(v)),
    { message: 'doit être une adresse mailto: (mailto:contact@exemple.fr) ou une adresse https://' },
  ),
  PUSH_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const items = (v ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
      if (items.length === 0) return DEFAULT_PUSH_ALLOWED_ORIGINS.map((item) => parseOriginPattern(item)!);
      const patterns: OriginPattern[] = [];
      for (const item of items) {
        const pattern = parseOriginPattern(item);
        if (pattern === null) {
          ctx.addIssue({
            code: 'custom',
            message: `« ${item} » n’est pas une origine : une liste séparée par des virgules est attendue, comme https://fcm.googleapis.com,https://*.push.apple.com (sans chemin ; « *. » devant un domaine pour tous ses sous-domaines)`,
          });
          return z.NEVER;
        }
        patterns.push(pattern);
      }
      return patterns;
    }),
  CONFIRMATION_RESEND_DELAY_SECONDS: intInRange(1, 86_400, DEFAULT_CONFIRMATION_RESEND_DELAY_SECONDS),
  VERIFY_REMINDER_DAYS: intInRange(1, 3650, 60),
  MAP_STYLE: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return 'public' as const;
      if (v === 'public' || v === 'offline') return v;
      ctx.addIssue({ code: 'custom', message: 'doit valoir « public » ou « offline »' });
      return z.NEVER;
    }),
  MAP_STYLE_URL: optionalUrl(['http:', 'https:'], 'http(s)'),
  MAP_TILES_FILE: optionalString,
  GEOCODER_URL: optionalUrl(['http:', 'https:'], 'http(s)'),
  MAP_SERVER_CLUSTERS_FROM: intInRange(0, 100_000_000, DEFAULT_MAP_SERVER_CLUSTERS_FROM),
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): boolean | number | string[] => {
      if (v === undefined || v === '' || v === 'false') return false;
      if (v === 'true') return true;
      if (/^\d+$/.test(v)) return Number(v);
      const hops = v.split(',').map((h) => h.trim());
      if (hops.every((h) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(h))) return hops;
      ctx.addIssue({
        code: 'custom',
        message:
          'doit être true, false, un nombre de relais ou une liste d’adresses IP (10.0.0.0/8,127.0.0.1)',
      });
      return z.NEVER;
    }),
  SITE_NAME: z.string().trim().min(1).max(60).default('Tables Voisines'),
  SITE_SHORT_NAME: z.string().trim().min(1).max(30).default('Tables Voisines'),
  IOS_APP_ID: z
    .string()
    .trim()
    .regex(/^\d{6,12}$/, 'doit être un identifiant App Store numérique')
    .default('6449112233'),
  ANDROID_PACKAGE_ID: z
    .string()
    .trim()
    .regex(/^[a-zA-Z][\w]*(\.[a-zA-Z][\w]*)+$/, 'doit être un identifiant de paquet Android (fr.exemple.app)')
    .default('fr.tablesvoisines.app'),
});

export type Env = Record<string, string | undefined>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Undefined in embedded mode until `resolveJwtSecret` generates or reads it. */
  jwtSecret: string | undefined;
  accessTokenTtl: number;
  longLifeTokenTtl: number;
  bootstrapAdmin: { username: string; password: string } | undefined;
  /** Undefined: decided at start (demo on an empty embedded database, none otherwise). */
  seed: 'demo' | 'none' | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        publicUrl: string | undefined;
      }
    | undefined;
  facebook: { pageId: string; pageToken: string; graphUrl: string } | undefined;
  redisUrl: string | undefined;
  rateLimitSignIn: number;
  /**
   * The team's address (`CONTACT_EMAIL`): shown on « Nous contacter », and where its messages and the owners'
   * access requests are mailed.
   */
  contactEmail: string;
  /** Reports of a wrong page (« Signaler une erreur ») one client address may send in an hour. */
  rateLimitReports: number;
  /** Calls to follow, unfollow or list followed places (« Suivre ») one client address may make in a minute. */
  rateLimitFollows: number;
  /**
   * Statistics (decision 0087). `rateLimitEvents`: events of one type on one establishment counted from one
   * client address in an hour (more are answered 204 and not counted). `flushSeconds`: how often each
   * replica adds what it counted to the database.
   */
  stats: { rateLimitEvents: number; flushSeconds: number };
  /**
   * Web Push (docs/api.md, « Following and push »; decision 0080). `vapidKeys`: from VAPID_PUBLIC_KEY and
   * VAPID_PRIVATE_KEY, or undefined until the app reads or makes the generated pair (secrets.ts
   * `resolveVapidKeys`). `subject`: the contact the push services see in each message's VAPID token.
   * `allowedOrigins`: the push services the server posts to, and nowhere else.
   */
  push: { vapidKeys: VapidKeys | undefined; subject: string; allowedOrigins: readonly OriginPattern[] };
  /**
   * Seconds after a confirmation code was sent before the owner may have another sent (`resend`, or a
   * corrected address): a mailbox cannot be flooded from one account. The confirmation screen counts them too.
   */
  confirmationResendDelaySeconds: number;
  /**
   * Days without a verification (« Mes informations sont à jour ») after which the owner gets one reminder
   * e-mail, and at most one per period of this length (jobs/verify-reminders.ts).
   */
  verifyReminderDays: number;
  /**
   * The base map's MapLibre style, with the bundled offline style taken over in the browser when it cannot
   * be loaded; undefined: the bundled offline style alone (`MAP_STYLE=offline`).
   */
  mapStyleUrl: string | undefined;
  /**
   * `GEOCODER_URL`: the national address base's API (`https://api-adresse.data.gouv.fr`, now also served at
   * `https://data.geopf.fr/geocodage`), whose `/search/csv/` places an import's rows that have an address and
   * no coordinates; undefined: such rows are errors.
   */
  geocoderUrl: string | undefined;
  /** `MAP_TILES_FILE`: a PMTiles archive the product serves with its own style (modules/map/self-hosted-map.ts). */
  mapTilesFile: string | undefined;
  /** Public establishments from which the map draws the server's clusters while nothing is filtered. */
  mapServerClustersFrom: number;
  /**
   * Which proxies may tell the client's address through X-Forwarded-For (rate limits count per address).
   * Off by default: a client could otherwise pick its own address.
   */
  trustProxy: boolean | number | string[];
  site: { name: string; shortName: string; iosAppId: string; androidPackageId: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration invalide :\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Env = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '?');
        const received = env[name];
        return `${name} : ${issue.message}${received === undefined ? '' : ` (reçu « ${received} »)`}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const both = (a: string, b: string, va: unknown, vb: unknown) => {
    if ((va === undefined) !== (vb === undefined))
      problems.push(`${a} et ${b} : doivent être donnés ensemble`);
  };
  both('ADMIN_USERNAME', 'ADMIN_PASSWORD', e.ADMIN_USERNAME, e.ADMIN_PASSWORD);
  both('FACEBOOK_PAGE_ID', 'FACEBOOK_PAGE_TOKEN', e.FACEBOOK_PAGE_ID, e.FACEBOOK_PAGE_TOKEN);
  both('S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY);
  if (e.DATABASE_URL !== undefined && e.JWT_SECRET === undefined) {
    problems.push('JWT_SECRET : obligatoire quand DATABASE_URL est défini (32 caractères au moins)');
  }
  if (e.ADMIN_PASSWORD !== undefined && e.ADMIN_PASSWORD.length < 10) {
    problems.push('ADMIN_PASSWORD : doit contenir au moins 10 caractères');
  }
  if (e.S3_BUCKET === undefined && (e.S3_ENDPOINT ?? e.S3_ACCESS_KEY_ID) !== undefined) {
    problems.push('S3_BUCKET : obligatoire dès qu’une autre variable S3_* est définie');
  }
  if (e.MAP_TILES_FILE !== undefined && e.MAP_STYLE_URL !== undefined) {
    problems.push('MAP_TILES_FILE et MAP_STYLE_URL : l’un ou l’autre, pas les deux');
  }
  const mapTilesFile = e.MAP_TILES_FILE === undefined ? undefined : path.resolve(e.MAP_TILES_FILE);
  if (mapTilesFile !== undefined) {
    const problem = pmtilesProblem(mapTilesFile);
    if (problem !== null) problems.push(`MAP_TILES_FILE : ${problem} (reçu « ${e.MAP_TILES_FILE} »)`);
  }
  both('VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY);
  const vapidKeys =
    e.VAPID_PUBLIC_KEY === undefined || e.VAPID_PRIVATE_KEY === undefined
      ? undefined
      : { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY };
  if (vapidKeys !== undefined) problems.push(...vapidKeysProblems(vapidKeys));
  if (problems.length > 0) throw new ConfigError(problems);

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const nodeEnv = e.NODE_ENV ?? 'production';
  return {
    nodeEnv,
    logLevel: e.LOG_LEVEL,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    longLifeTokenTtl: e.LONG_LIFE_TOKEN_TTL,
    bootstrapAdmin:
      e.ADMIN_USERNAME !== undefined && e.ADMIN_PASSWORD !== undefined
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    seed: e.SEED,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `${e.SITE_NAME} <ne-pas-repondre@localhost>` },
    s3:
      e.S3_BUCKET === undefined
        ? undefined
        : {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION ?? 'us-east-1',
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: e.S3_PUBLIC_URL,
          },
    facebook:
      e.FACEBOOK_PAGE_ID === undefined || e.FACEBOOK_PAGE_TOKEN === undefined
        ? undefined
        : {
            pageId: e.FACEBOOK_PAGE_ID,
            pageToken: e.FACEBOOK_PAGE_TOKEN,
            graphUrl: (e.FACEBOOK_GRAPH_URL ?? 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''),
          },
    redisUrl: e.REDIS_URL,
    rateLimitSignIn: e.RATE_LIMIT_SIGN_IN,
    contactEmail: e.CONTACT_EMAIL,
    rateLimitReports: e.RATE_LIMIT_REPORTS,
    rateLimitFollows: e.RATE_LIMIT_FOLLOWS,
    stats: { rateLimitEvents: e.RATE_LIMIT_EVENTS, flushSeconds: e.STATS_FLUSH_SECONDS },
    push: {
      vapidKeys,
      // The team's address when it was given, else the site's address when it is https (a VAPID subject
      // is a mailto: or an https: URL), else the default contact address.
      subject:
        e.VAPID_SUBJECT ??
        ((env.CONTACT_EMAIL ?? '').trim() !== '' || !publicUrl.startsWith('https://')
          ? `mailto:${e.CONTACT_EMAIL}`
          : publicUrl),
      allowedOrigins: e.PUSH_ALLOWED_ORIGINS,
    },
    confirmationResendDelaySeconds: e.CONFIRMATION_RESEND_DELAY_SECONDS,
    verifyReminderDays: e.VERIFY_REMINDER_DAYS,
    mapStyleUrl:
      e.MAP_STYLE === 'offline'
        ? undefined
        : mapTilesFile !== undefined
          ? `${publicUrl}${SELF_HOSTED_STYLE_PATH}`
          : (e.MAP_STYLE_URL ?? PUBLIC_MAP_STYLE_URL),
    mapTilesFile: e.MAP_STYLE === 'offline' ? undefined : mapTilesFile,
    geocoderUrl: e.GEOCODER_URL?.replace(/\/+$/, ''),
    mapServerClustersFrom: e.MAP_SERVER_CLUSTERS_FROM,
    trustProxy: e.TRUST_PROXY,
    site: {
      name: e.SITE_NAME,
      shortName: e.SITE_SHORT_NAME,
      iosAppId: e.IOS_APP_ID,
      androidPackageId: e.ANDROID_PACKAGE_ID,
    },
  };
}
