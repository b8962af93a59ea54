import { eq } from 'drizzle-orm';
import { ErrorBodySchema } from '@tables-voisines/contract/errors';
import { routes, type RouteDef } from '@tables-voisines/contract/routes';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { establishments, menuBoardItems } from '../src/db/schema';
import { createAdminAccount, createOwnerAccount, type TestAccount } from './accounts';
import { createTestApp, TestClock, type TestApp } from './app';
import { createCategory, createEstablishment } from './factories';
import { postEstablishment } from './requests';

// Every implemented route of the contract gets wrong types, missing fields, huge and odd strings and
// malformed JSON: the answer is a 4xx in the contract's error shape, never a 5xx.

// Saturday 15 August 2026, noon in Paris: the rules that depend on today read the app's clock.
const clock = new TestClock('2026-08-15T10:00:00Z');
let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ data: 'demo', clock: clock.now });
  admin = await createAdminAccount(t);
});
afterAll(() => t.close());

const ODD_STRINGS = [
  '',
  ' ',
  'x'.repeat(10_000),
  '%00',
  '\u0000',
  '../../etc/passwd',
  '💥'.repeat(50),
  '-1',
  '1e309',
];
const ODD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  true,
  [],
  {},
  ['x'],
  'x'.repeat(100_000),
  '\u0000',
  '💥',
];

function shapeKeys(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function fillPath(path: string, value: string): string {
  return path.replace(/:(\w+)/g, () => encodeURIComponent(value));
}

const VALID_ID = '11111111-1111-1111-1111-111111111111';

function cases(def: RouteDef): { label: string; request: InjectOptions }[] {
  const out: { label: string; request: InjectOptions }[] = [];
  const url = fillPath(def.path, VALID_ID);
  for (const value of ODD_STRINGS) {
    if (def.path.includes(':')) {
      out.push({
        label: `path ${JSON.stringify(value.slice(0, 12))}`,
        request: { method: def.method, url: fillPath(def.path, value) },
      });
    }
    for (const key of shapeKeys(def.query)) {
      out.push({
        label: `query ${key}=${JSON.stringify(value.slice(0, 12))}`,
        request: { method: def.method, url: `${url}?${key}=${encodeURIComponent(value)}` },
      });
    }
  }
  if (def.body !== undefined) {
    const json = (payload: string) => ({
      method: def.method,
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    for (const raw of ['{', '{"a":', '{"a":1e999}', 'null', '[]', '"texte"', '42', '{}', '\u0000']) {
      out.push({ label: `body ${JSON.stringify(raw)}`, request: json(raw) });
    }
    for (const key of shapeKeys(def.body)) {
      for (const value of ODD_VALUES) {
        out.push({
          label: `body.${key}=${JSON.stringify(value)?.slice(0, 12)}`,
          request: json(JSON.stringify({ [key]: value })),
        });
      }
    }
  }
  return out;
}

const implemented = () =>
  Object.entries(routes as Record<string, RouteDef>).filter(([, def]) =>
    // Trailing slashes are optional: the router keeps the path without it.
    [def.path, def.path.replace(/\/$/, '')].some((url) => t.app.hasRoute({ method: def.method, url })),
  );

describe('bad input on every implemented route', () => {
  it('finds the implemented routes in the contract table', () => {
    expect(implemented().map(([id]) => id)).toEqual(
      expect.arrayContaining(['listEstablishments', 'getPublicEstablishment', 'surroundingMenuBoards']),
    );
  });

  it('answers every malformed request with a 4xx in the error shape, never a 5xx', async () => {
    let sent = 0;
    const failures: string[] = [];
    for (const [id, def] of implemented()) {
      for (const { label, request } of cases(def)) {
        const response = await t.app.inject(request);
        sent++;
        if (response.statusCode >= 500)
          failures.push(`${id} ${label}: ${response.statusCode} ${response.body}`);
        if (response.statusCode >= 400) {
          const body = ErrorBodySchema.safeParse(response.json());
          if (!body.success) failures.push(`${id} ${label}: error body ${response.body.slice(0, 200)}`);
          if (response.statusCode === 400 && !Array.isArray(response.json().details)) {
            failures.push(`${id} ${label}: 400 without details`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // 9 odd strings per path and query field, 8 raw bodies and 12 odd values per body field.
    expect(sent).toBeGreaterThanOrEqual(150);
  });
});

// Issue 47, points 10 to 13: every value a client may send is kept as sent or refused with a French 400 at
// its path; nothing is changed behind the user's back, and nothing ends in a 500.

type Details = { path: string; message: string }[];

/** The answer's status, code and the paths its details name. */
async function refusal(response: { statusCode: number; json(): unknown }) {
  const body = response.json() as { code?: string; message?: string; details?: Details };
  return {
    status: response.statusCode,
    code: body.code,
    paths: (body.details ?? []).map((d) => d.path),
  };
}

const json = (payload: string | Buffer, contentType = 'application/json') => ({
  payload,
  headers: { ...admin.headers, 'content-type': contentType },
});

const patchEstablishment = (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/establishment/${id}`, headers: admin.headers, payload });

describe('dates across the whole range (point 10)', () => {
  const listIds = async (query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/establishments/?withDisabled=true&${query}`,
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { id: string }[]).map((e) => e.id);
  };

  it('lists the pages not verified since a day before 1940, by the offset Paris had then', async () => {
    // Paris was on UTC in winter until 25 February 1940, and 9 min 21 s ahead of it until 1911.
    const beforeMidnight = await createEstablishment(t.db, {
      name: 'Vérifié la veille',
      verifiedAt: new Date('1940-02-23T23:59:59Z'),
    });
    const atMidnight = await createEstablishment(t.db, {
      name: 'Vérifié à minuit',
      verifiedAt: new Date('1940-02-24T00:00:00Z'),
    });
    const pmt = await createEstablishment(t.db, {
      name: 'Vérifié en 1899',
      verifiedAt: new Date('1899-12-31T23:50:38Z'),
    });
    const since1940 = await listIds('notVerifiedSince=1940-02-24');
    expect(since1940).toContain(beforeMidnight.id);
    expect(since1940).not.toContain(atMidnight.id);
    const since1900 = await listIds('notVerifiedSince=1900-01-01');
    expect(since1900).toContain(pmt.id);
    expect(since1900).not.toContain(beforeMidnight.id);
  });

  it('answers every day from 0001-01-01 to 9999-12-31 in every date parameter, and refuses year 0', async () => {
    const [place] = await t.db.select({ id: establishments.id }).from(establishments).limit(1);
    for (const day of ['0001-01-01', '1000-03-01', '1911-03-11', '1940-06-15', '9999-12-31']) {
      expect((await listIds(`notVerifiedSince=${day}`)).length).toBeGreaterThanOrEqual(0);
      const board = await t.app.inject({
        method: 'GET',
        url: `/api/establishment/${place!.id}/menuboard?date=${day}`,
        headers: admin.headers,
      });
      expect(board.statusCode, `${day}: ${board.body}`).toBe(404);
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/menuboards/?date=${day}`,
        headers: admin.headers,
      });
      expect(list.statusCode, `${day}: ${list.body}`).toBe(200);
    }
    const yearZero = await t.app.inject({
      method: 'GET',
      url: '/api/establishments/?notVerifiedSince=0000-01-01',
      headers: admin.headers,
    });
    expect(await refusal(yearZero)).toEqual({
      status: 400,
      code: 'ValidationError',
      paths: ['notVerifiedSince'],
    });
    expect(yearZero.json().details[0].message).toBe(
      'Date invalide : une date existante au format AAAA-MM-JJ est attendue.',
    );
  });
});

describe('page addresses that can be served (point 11)', () => {
  it('refuses a uri no browser can open: .data, dot segments, invisible characters, < and >', async () => {
    for (const uri of [
      'solo.data',
      'Solo.DATA',
      '.',
      '..',
      'chez\u200bjo',
      'chez\u202ejo',
      '<script>',
      'a>b',
      'a\\b',
    ]) {
      const response = await postEstablishment(t, admin.headers, { name: 'Solo', uri });
      expect(await refusal(response), uri).toEqual({ status: 400, code: 'ValidationError', paths: ['uri'] });
    }
    const dataSuffix = await postEstablishment(t, admin.headers, { name: 'Solo', uri: 'solo.data' });
    expect(dataSuffix.json().details[0].message).toBe(
      'L’adresse de la page ne peut finir par « .data », réservé au site.',
    );
  });

  it('keeps what the slug rules allow: apostrophes, accents, parentheses, question marks, case', async () => {
    const uri = "L'Atelier-(chez-Toto)-à-Saint-Étienne?";
    const response = await postEstablishment(t, admin.headers, { name: 'L’Atelier', uri });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().uri).toBe(uri);
    const page = await t.app.inject({
      method: 'GET',
      url: `/establishment/${encodeURIComponent(uri)}/public`,
    });
    expect(page.statusCode).toBe(200);
  });

  it('refuses an address that differs by case only from another place’s current or former one', async () => {
    const first = await postEstablishment(t, admin.headers, { name: 'QA', uri: 'qa-nouveau' });
    expect(first.statusCode, first.body).toBe(201);
    // `qa-nouveau` becomes its former address, which keeps answering with a redirect.
    expect((await patchEstablishment(first.json().id, { uri: 'qa-ancien' })).statusCode).toBe(200);

    const created = await postEstablishment(t, admin.headers, { name: 'QA bis', uri: 'QA-Nouveau' });
    expect(await refusal(created)).toEqual({ status: 409, code: 'UriAlreadyUsed', paths: [] });
    const other = await postEstablishment(t, admin.headers, { name: 'QA ter' });
    expect((await patchEstablishment(other.json().id, { uri: 'QA-ANCIEN' })).statusCode).toBe(409);
    // Its own former address, in another case, is its to take back.
    const own = await patchEstablishment(first.json().id, { uri: 'QA-Nouveau' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().uri).toBe('QA-Nouveau');
  });

  it('never generates a refused address, nor one another place has in another case', async () => {
    const taken = await postEstablishment(t, admin.headers, { name: 'Zinc', uri: 'Le-Zinc-a-Lyon' });
    expect(taken.statusCode).toBe(201);
    const generated = await postEstablishment(t, admin.headers, { name: 'Le Zinc' });
    expect(generated.json().uri).toBe('le-zinc-a-lyon-2');

    const odd = await postEstablishment(t, admin.headers, {
      name: 'Chez\u200bJo <b>',
      address: { town: 'Lyon.data' },
    });
    expect(odd.statusCode, odd.body).toBe(201);
    expect(odd.json().uri).toBe('chezjo-b-a-lyon-data');
  });
});

describe('text kept as it was sent (point 12)', () => {
  const postRaw = (payload: string | Buffer, contentType?: string) =>
    t.app.inject({ method: 'POST', url: '/api/establishment/', ...json(payload, contentType) });
  const body = (name: string) =>
    `{"kind":"restaurant","name":"${name}","venueType":"restaurant","address":{"town":"Lyon"},"location":{"latitude":45.76,"longitude":4.83}}`;

  it('refuses a body that is not UTF-8, and reads one in the charset it declares', async () => {
    const latin1 = Buffer.from(body('Caf\u00e9 Latin'), 'latin1');
    const refused = await postRaw(latin1);
    expect(await refusal(refused)).toEqual({ status: 400, code: 'ValidationError', paths: [''] });
    expect(refused.json().message).toContain('n’est pas du texte UTF-8 valide');

    const declared = await postRaw(latin1, 'application/json; charset=iso-8859-1');
    expect(declared.statusCode, declared.body).toBe(201);
    expect(declared.json().name).toBe('Café Latin');
    const utf16 = await postRaw(
      Buffer.from(body('Caf\u00e9 Seize'), 'utf16le'),
      'application/json; charset=utf-16le',
    );
    expect(utf16.json().name).toBe('Café Seize');
    expect((await postRaw(latin1, 'application/json; charset=utf-7')).statusCode).toBe(415);
  });

  it('refuses a lone surrogate and a NUL at their path, and says why __proto__ is refused', async () => {
    const surrogate = await postRaw(body('Chez \\ud800 Jo'));
    expect(await refusal(surrogate)).toEqual({ status: 400, code: 'ValidationError', paths: ['name'] });

    const [category] = await t.db.select({ id: menuBoardItems.categoryId }).from(menuBoardItems).limit(1);
    const place = await createEstablishment(t.db, { name: 'Le Nul' });
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/menuboard/',
      headers: admin.headers,
      payload: {
        establishment: place.id,
        title: 'Ardoise',
        date: '2026-08-15',
        items: [{ name: 'Soupe\u0000', price: 8, category: category!.id }],
      },
    });
    expect(await refusal(nul)).toEqual({ status: 400, code: 'ValidationError', paths: ['items.0.name'] });

    const proto = await postRaw('{"name":"x","__proto__":{"isAdmin":true}}');
    expect(await refusal(proto)).toEqual({ status: 400, code: 'ValidationError', paths: ['__proto__'] });
    expect(proto.json().message).toContain('__proto__');
    const query = await t.app.inject({ method: 'GET', url: '/api/establishments/?q=%00' });
    expect(await refusal(query)).toEqual({ status: 400, code: 'ValidationError', paths: ['q'] });
  });

  it('refuses control characters and names made only of invisible characters in names and titles', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Visible' });
    const category = await createCategory(t.db, 'Plats visibles');
    const board = (title: string, dish: string) => ({
      establishment: place.id,
      title,
      date: '2026-08-15',
      items: [{ name: dish, price: 8, category: category.id }],
    });
    const group = (name: string) => ({ name, latitude: 45.76, longitude: 4.83, radius: 5 });
    const send = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
    for (const bad of ['Chez\u0007Jo', '\u001b[31mRouge', '\u200b\u200b', '\u3164', '\u00ad']) {
      const establishment = await postEstablishment(t, admin.headers, { name: bad });
      expect(await refusal(establishment), JSON.stringify(bad)).toEqual({
        status: 400,
        code: 'ValidationError',
        paths: ['name'],
      });
      expect((await refusal(await send('/api/menuboard/', board(bad, 'Soupe')))).paths).toEqual(['title']);
      expect((await refusal(await send('/api/menuboard/', board('Midi', bad)))).paths).toEqual([
        'items.0.name',
      ]);
      expect((await refusal(await send('/api/group/', group(bad)))).paths).toEqual(['name']);
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/restaurant-owner/sign-up',
        payload: {
          email: 'invisible@exemple.fr',
          password: 'Une-phrase-solide-2026',
          firstName: bad,
          lastName: 'Martin',
        },
      });
      expect((await refusal(signUp)).paths).toEqual(['firstName']);
    }
    const control = await postEstablishment(t, admin.headers, { name: 'Chez\u0007Jo' });
    expect(control.json().details[0].message).toBe(
      'Ce champ ne peut contenir de caractère de contrôle (tabulation, retour à la ligne, bip…).',
    );
    // An emoji joined by a zero-width joiner, or a name in another script, is visible: kept.
    const kept = await postEstablishment(t, admin.headers, { name: 'Le 👩\u200d🍳 Σπίτι' });
    expect(kept.statusCode, kept.body).toBe(201);
  });
});

describe('values no user means (point 13)', () => {
  let category: string;
  let place: string;
  let owner: TestAccount;
  beforeAll(async () => {
    category = (await createCategory(t.db, 'Plats du jour')).id;
    place = (await createEstablishment(t.db, { name: 'La Date Juste' })).id;
    owner = await createOwnerAccount(t, { establishmentId: place });
  });
  const publish = (date: string, item: object = {}, headers = owner.headers) =>
    t.app.inject({
      method: 'POST',
      url: '/api/menuboard/',
      headers,
      payload: {
        establishment: place,
        title: 'Midi',
        date,
        items: [{ name: 'Soupe', price: 8, category, ...item }],
      },
    });

  it('publishes a board from today to four weeks ahead, not in 9999 nor in the past', async () => {
    expect((await publish('2026-08-15')).statusCode).toBe(201);
    expect((await publish('2026-09-12')).statusCode).toBe(201);
    const far = await publish('9999-12-31');
    expect(await refusal(far)).toEqual({ status: 400, code: 'ValidationError', paths: ['date'] });
    expect(far.json().details[0].message).toBe('Une ardoise se prépare au plus 28 jours à l’avance.');
    expect((await refusal(await publish('2026-09-13'))).paths).toEqual(['date']);
    expect((await refusal(await publish('2026-08-14', {}, admin.headers))).paths).toEqual(['date']);
  });

  it('refuses a vegan or vegetarian dish with an origin of its meat', async () => {
    const vegan = await publish('2026-08-16', {
      diets: ['vegan'],
      meatOrigin: 'Bœuf né, élevé et abattu en France',
    });
    expect(await refusal(vegan)).toEqual({
      status: 400,
      code: 'ValidationError',
      paths: ['items.0.meatOrigin'],
    });
    expect(vegan.json().details[0].message).toBe(
      'Un plat végan ne contient pas de viande : retirez l’origine de la viande ou ce régime.',
    );
    expect(
      (await publish('2026-08-16', { diets: ['halal'], meatOrigin: 'Agneau de France' })).statusCode,
    ).toBe(201);
  });

  it('takes closures from a year back to two years ahead, without overlaps, and keeps stored ones', async () => {
    const closures = (list: object[]) => patchEstablishment(place, { closures: list });
    const in1900 = await closures([{ from: '1900-01-01', to: '1900-01-31' }]);
    expect(await refusal(in1900)).toEqual({
      status: 400,
      code: 'ValidationError',
      paths: ['closures.0.from'],
    });
    expect(in1900.json().details[0].message).toBe(
      'Une fermeture ne peut commencer plus d’un an avant aujourd’hui, avant le 15 août 2025.',
    );
    const far = await closures([
      { from: '2026-12-24', to: '2099-01-01' },
      { from: '9999-01-01', to: null },
    ]);
    expect((await refusal(far)).paths).toEqual(['closures.0.to', 'closures.1.from']);
    // The second in the body starts before the first ends: refused where the form shows it.
    const overlapping = await closures([
      { from: '2026-09-10', to: '2026-09-20' },
      { from: '2026-09-01', to: '2026-09-10' },
    ]);
    expect(await refusal(overlapping)).toEqual({
      status: 400,
      code: 'ValidationError',
      paths: ['closures.0.from'],
    });
    expect(overlapping.json().details[0].message).toBe(
      'Cette fermeture chevauche celle du 1er septembre 2026 au 10 septembre 2026 : réunissez-les ou changez leurs dates.',
    );
    expect(
      (
        await closures([
          { from: '2026-09-01', to: '2026-09-09' },
          { from: '2026-09-10', to: null },
        ])
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await closures([
          { from: '2025-08-15', to: '2025-08-20' },
          { from: '2028-08-15', to: '2028-08-15' },
        ])
      ).statusCode,
    ).toBe(200);

    // Closed « until further notice » since 2024: sent back with the list, it is kept.
    const stored = [{ from: '2024-01-08', to: null, reason: 'Travaux' }];
    await t.db.update(establishments).set({ closures: stored }).where(eq(establishments.id, place));
    const resent = await closures([...stored, { from: '2026-12-24', to: '2026-12-26', reason: null }]);
    expect(resent.statusCode, resent.body).toBe(400);
    expect((await refusal(resent)).paths).toEqual(['closures.1.from']);
    const kept = await closures([...stored]);
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('places an establishment in France or its overseas territories, not at (0, 0)', async () => {
    const at = (latitude: number, longitude: number) =>
      postEstablishment(t, admin.headers, { name: 'Quelque part', location: { latitude, longitude } });
    const zero = await at(0, 0);
    expect(await refusal(zero)).toEqual({ status: 400, code: 'ValidationError', paths: ['location'] });
    expect(zero.json().details[0].message).toContain('Position (0, 0)');
    for (const [latitude, longitude] of [
      [40.71, -74.0],
      [2.35, 48.85],
      [-33.87, 151.21],
    ] as const) {
      expect((await refusal(await at(latitude, longitude))).paths, `${latitude}, ${longitude}`).toEqual([
        'location',
      ]);
    }
    const places: [number, number][] = [
      [41.39, 9.16], // Bonifacio
      [48.46, -5.09], // Ouessant
      [16.24, -61.53], // Pointe-à-Pitre
      [14.6, -61.07], // Fort-de-France
      [4.94, -52.33], // Cayenne
      [-20.88, 55.45], // Saint-Denis de La Réunion
      [-12.78, 45.23], // Mamoudzou
      [46.78, -56.17], // Saint-Pierre
      [17.9, -62.85], // Gustavia
      [-13.28, -176.17], // Mata-Utu
      [-17.54, -149.56], // Papeete
      [-22.27, 166.45], // Nouméa
    ];
    for (const [latitude, longitude] of places) {
      const response = await at(latitude, longitude);
      expect(response.statusCode, `${latitude}, ${longitude}: ${response.body}`).toBe(201);
    }
    const moved = await patchEstablishment(place, { location: { latitude: 0, longitude: 0 } });
    expect((await refusal(moved)).paths).toEqual(['location']);
  });

  it('refuses an admin username mixing Latin with Cyrillic or Greek letters that look alike', async () => {
    const post = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/',
        headers: admin.headers,
        payload: {
          username,
          email: `${encodeURIComponent(username)}@exemple.fr`.replace(/%/g, ''),
          password: 'Gratin-Dauphinois-2024',
          permissions: [],
        },
      });
    for (const username of ['\u0430dmin', 'chef-\u03bflive', '\uff41dmin']) {
      const response = await post(username);
      expect(await refusal(response), username).toEqual({
        status: 400,
        code: 'ValidationError',
        paths: ['username'],
      });
    }
    const other = await createAdminAccount(t);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/${other.id}`,
      headers: admin.headers,
      payload: { username: 'p\u0430ypal' },
    });
    expect((await refusal(patch)).paths).toEqual(['username']);
    expect((await post('rené.dupont')).statusCode).toBe(201);
  });
});
