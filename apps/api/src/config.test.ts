import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PUBLIC_MAP_STYLE_URL } from './config';
import { originAllowed } from './lib/push-origins';
import { generateVapidKeys } from './lib/vapid-keys';

describe('configuration', () => {
  it('runs with no variable at all on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      accessTokenTtl: 900,
      longLifeTokenTtl: 2_592_000,
      rateLimitSignIn: 10,
      confirmationResendDelaySeconds: 60,
      verifyReminderDays: 60,
      mapServerClustersFrom: 10_000,
      mapStyleUrl: PUBLIC_MAP_STYLE_URL,
      seed: undefined,
      s3: undefined,
      facebook: undefined,
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT : doit être un entier entre 0 et 65535 \(reçu « abc »\)/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'postgres://localhost/db' }, /JWT_SECRET : obligatoire/],
    [{ JWT_SECRET: 'court' }, /JWT_SECRET : doit contenir au moins 32 caractères/],
    [{ ACCESS_TOKEN_TTL: '-5' }, /ACCESS_TOKEN_TTL/],
    [{ SEED: 'tout' }, /SEED/],
    [{ ADMIN_USERNAME: 'admin' }, /ADMIN_USERNAME et ADMIN_PASSWORD/],
    [{ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'court' }, /ADMIN_PASSWORD : doit contenir au moins 10/],
    [{ PUBLIC_URL: 'localhost:3000' }, /PUBLIC_URL/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ REDIS_URL: 'localhost' }, /REDIS_URL/],
    [{ RATE_LIMIT_SIGN_IN: '0' }, /RATE_LIMIT_SIGN_IN/],
    [
      { CONFIRMATION_RESEND_DELAY_SECONDS: '0' },
      /CONFIRMATION_RESEND_DELAY_SECONDS : doit être un entier entre 1 et 86400 \(reçu « 0 »\)/,
    ],
    [{ CONFIRMATION_RESEND_DELAY_SECONDS: '1,5' }, /CONFIRMATION_RESEND_DELAY_SECONDS : doit être un entier/],
    [
      { VERIFY_REMINDER_DAYS: '0' },
      /VERIFY_REMINDER_DAYS : doit être un entier entre 1 et 3650 \(reçu « 0 »\)/,
    ],
    [{ VERIFY_REMINDER_DAYS: '3651' }, /VERIFY_REMINDER_DAYS : doit être un entier entre 1 et 3650/],
    [{ MAP_SERVER_CLUSTERS_FROM: 'beaucoup' }, /MAP_SERVER_CLUSTERS_FROM : doit être un entier/],
    [{ MAP_STYLE: 'hors-ligne' }, /MAP_STYLE : doit valoir « public » ou « offline »/],
    [{ MAP_STYLE_URL: 'ftp://tuiles.example/style.json' }, /MAP_STYLE_URL/],
    [{ ANDROID_PACKAGE_ID: 'pas un paquet' }, /ANDROID_PACKAGE_ID/],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_BUCKET : obligatoire/],
    [{ TRUST_PROXY: 'oui' }, /TRUST_PROXY/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads from how many establishments the map draws the server’s clusters (0: always)', () => {
    expect(loadConfig({ MAP_SERVER_CLUSTERS_FROM: '0' }).mapServerClustersFrom).toBe(0);
    expect(loadConfig({ MAP_SERVER_CLUSTERS_FROM: '50000' }).mapServerClustersFrom).toBe(50_000);
  });

  it('reads after how many seconds an owner may have another confirmation code sent', () => {
    expect(loadConfig({ CONFIRMATION_RESEND_DELAY_SECONDS: '3' }).confirmationResendDelaySeconds).toBe(3);
    expect(loadConfig({ CONFIRMATION_RESEND_DELAY_SECONDS: '' }).confirmationResendDelaySeconds).toBe(60);
  });

  it('draws the national plan by default, another style if given, the bundled one alone offline', () => {
    expect(PUBLIC_MAP_STYLE_URL).toMatch(/^https:\/\/data\.geopf\.fr\/.*PLAN\.IGN.*\.json$/);
    const mine = 'https://tuiles.example/style.json';
    expect(loadConfig({ MAP_STYLE_URL: mine }).mapStyleUrl).toBe(mine);
    expect(loadConfig({ MAP_STYLE: 'public', MAP_STYLE_URL: mine }).mapStyleUrl).toBe(mine);
    expect(loadConfig({ MAP_STYLE: 'offline' }).mapStyleUrl).toBeUndefined();
    expect(loadConfig({ MAP_STYLE: 'offline', MAP_STYLE_URL: mine }).mapStyleUrl).toBeUndefined();
    expect(loadConfig({ MAP_STYLE: '' }).mapStyleUrl).toBe(PUBLIC_MAP_STYLE_URL);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'bavard' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });

  it('trusts no proxy by default, and the ones it is told to', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://tables.example.fr/' }).publicUrl).toBe(
      'https://tables.example.fr',
    );
  });
  it('reads the VAPID pair, both halves or none, checked to be a P-256 pair', () => {
    const keys = generateVapidKeys();
    expect(
      loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }).push.vapidKeys,
    ).toEqual(keys);
    expect(loadConfig({}).push.vapidKeys).toBeUndefined();
    const other = generateVapidKeys();
    const refused: [Record<string, string>, RegExp][] = [
      [
        { VAPID_PUBLIC_KEY: keys.publicKey },
        /VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY : doivent être donnés ensemble/,
      ],
      [
        { VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey },
        /VAPID_PUBLIC_KEY : doit être une clé publique P-256/,
      ],
      [
        { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: 'a+b/c' },
        /VAPID_PRIVATE_KEY : doit être une clé privée P-256/,
      ],
      [{ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: other.privateKey }, /ne forment pas une paire/],
      [{ VAPID_SUBJECT: 'http://tables.example.fr' }, /VAPID_SUBJECT : doit être une adresse mailto:/],
      [{ VAPID_SUBJECT: 'contact@tables.example.fr' }, /VAPID_SUBJECT/],
      [
        { PUSH_ALLOWED_ORIGINS: 'https://fcm.googleapis.com/fcm/send' },
        /PUSH_ALLOWED_ORIGINS : « https:\/\/fcm.googleapis.com\/fcm\/send » n’est pas une origine/,
      ],
      [{ PUSH_ALLOWED_ORIGINS: 'fcm.googleapis.com' }, /PUSH_ALLOWED_ORIGINS/],
      [{ PUSH_ALLOWED_ORIGINS: 'https://*' }, /PUSH_ALLOWED_ORIGINS/],
      [{ RATE_LIMIT_FOLLOWS: '0' }, /RATE_LIMIT_FOLLOWS : doit être un entier entre 1 et 100000/],
    ];
    for (const [env, message] of refused) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
  });

  it('signs push messages for the team’s address, or the site’s https address, unless VAPID_SUBJECT says', () => {
    expect(loadConfig({}).push.subject).toBe('mailto:contact@localhost');
    expect(loadConfig({ PUBLIC_URL: 'https://tables.example.fr' }).push.subject).toBe(
      'https://tables.example.fr',
    );
    expect(
      loadConfig({ PUBLIC_URL: 'https://tables.example.fr', CONTACT_EMAIL: 'Equipe@Tables.example.fr' }).push
        .subject,
    ).toBe('mailto:equipe@tables.example.fr');
    expect(loadConfig({ VAPID_SUBJECT: 'https://tables.example.fr/contact' }).push.subject).toBe(
      'https://tables.example.fr/contact',
    );
  });

  it('posts to the push services of Chrome, Edge, Firefox and Safari by default, to those it is told otherwise', () => {
    const allowed = (endpoint: string, env: Record<string, string> = {}) =>
      originAllowed(endpoint, loadConfig(env).push.allowedOrigins);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
      'https://web.push.apple.com/QGt7vZ4',
    ]) {
      expect(allowed(endpoint), endpoint).toBe(true);
    }
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.attaquant.example/fcm/send/x',
      'https://notify.windows.com/w/',
      'https://attaquant.example/?https://fcm.googleapis.com',
      'https://127.0.0.1/push',
      'pas une adresse',
    ]) {
      expect(allowed(endpoint), endpoint).toBe(false);
    }
    const env = { PUSH_ALLOWED_ORIGINS: ' http://127.0.0.1:8080/ , https://*.push.example ' };
    expect(allowed('http://127.0.0.1:8080/push/1', env)).toBe(true);
    expect(allowed('https://eu.push.example/x', env)).toBe(true);
    expect(allowed('https://a.b.push.example/x', env)).toBe(true);
    expect(allowed('http://127.0.0.1:8081/push/1', env)).toBe(false);
    expect(allowed('https://fcm.googleapis.com/fcm/send/x', env)).toBe(false);
  });
});
