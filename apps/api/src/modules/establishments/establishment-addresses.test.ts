import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createEstablishment } from '../../../test/factories';
import { postEstablishment } from '../../../test/requests';

/*
 * An establishment's page address (`uri`) is printed on QR posters and shared: when an admin changes it,
 * every earlier address answers 301 to the current page, for ever, and is never given to another one.
 */

let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: true });
  admin = await createAdminAccount(t);
});
afterAll(() => t.close());

const patch = (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/establishment/${id}`, headers: admin.headers, payload });
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('earlier page addresses', () => {
  it('answer 301 to the current page, its public record and its kind, and are listed to admins', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Poster', town: 'Nantes' });
    expect((await get('/restaurant/le-poster-a-nantes')).statusCode).toBe(200);
    const renamed = await patch(place.id, { uri: 'le-poster-gourmand-a-nantes' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      uri: 'le-poster-gourmand-a-nantes',
      previousUris: ['le-poster-a-nantes'],
    });

    const page = await get('/restaurant/le-poster-a-nantes');
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/restaurant/le-poster-gourmand-a-nantes');
    expect(page.headers['cache-control']).toBe('no-cache');
    // Percent-encoded as a QR code may carry it, and the client navigation's data request.
    expect((await get('/restaurant/le%2Dposter-a-nantes')).statusCode).toBe(301);
    const data = await get('/restaurant/le-poster-a-nantes.data');
    expect(data.statusCode).toBe(202);
    expect(data.headers['x-remix-redirect'] ?? data.body).toContain(
      '/restaurant/le-poster-gourmand-a-nantes',
    );

    const record = await get('/establishment/le-poster-a-nantes/public');
    expect(record.statusCode).toBe(301);
    expect(record.headers.location).toBe('/establishment/le-poster-gourmand-a-nantes/public');
    expect((await get(record.headers.location as string)).json()).toMatchObject({ id: place.id });

    // A second change: both earlier addresses lead to the newest.
    await patch(place.id, { uri: 'le-poster-a-reze', kind: 'remplisvert' });
    for (const old of ['le-poster-a-nantes', 'le-poster-gourmand-a-nantes']) {
      const answer = await get(`/restaurant/${old}`);
      expect(answer.statusCode, old).toBe(301);
      expect(answer.headers.location).toBe('/remplisvert/le-poster-a-reze');
    }
    // The other kind under the current address: a poster printed before the kind changed.
    expect((await get('/restaurant/le-poster-a-reze')).headers.location).toBe(
      '/remplisvert/le-poster-a-reze',
    );
    expect((await get('/remplisvert/le-poster-a-reze')).statusCode).toBe(200);
  });

  it('are never given to another establishment, by an admin or by the generated address', async () => {
    const first = await createEstablishment(t.db, { name: 'La Cantine', town: 'Dijon' });
    await patch(first.id, { uri: 'la-cantine-du-port-a-dijon' });
    const other = await createEstablishment(t.db, { name: 'Autre', town: 'Dijon' });
    const taken = await patch(other.id, { uri: 'la-cantine-a-dijon' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('UriAlreadyUsed');

    const cantine = {
      name: 'La Cantine',
      address: { town: 'Dijon' },
      location: { latitude: 47.32, longitude: 5.04 },
    };
    const created = await postEstablishment(t, admin.headers, cantine);
    expect(created.statusCode).toBe(201);
    expect(created.json().uri).toBe('la-cantine-a-dijon-2');
    const given = await postEstablishment(t, admin.headers, { ...cantine, uri: 'la-cantine-a-dijon' });
    expect(given.statusCode).toBe(409);
    expect(given.json().code).toBe('UriAlreadyUsed');
  });

  it('can be taken back by the establishment that had it', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Retour', town: 'Lille' });
    await patch(place.id, { uri: 'le-grand-retour-a-lille' });
    const back = await patch(place.id, { uri: 'le-retour-a-lille' });
    expect(back.statusCode).toBe(200);
    expect(back.json().previousUris).toEqual(['le-grand-retour-a-lille']);
    expect((await get('/restaurant/le-retour-a-lille')).statusCode).toBe(200);
    expect((await get('/restaurant/le-grand-retour-a-lille')).headers.location).toBe(
      '/restaurant/le-retour-a-lille',
    );
  });
});

/*
 * An address typed without its accents, in capitals or without its apostrophes (decision 0074): when nothing
 * holds it exactly, the one public page whose address it is once folded answers with a redirect; otherwise the
 * 404 suggests the public pages named like its words.
 */
describe('addresses typed without accents, case or punctuation', () => {
  const location = async (url: string) => {
    const answer = await get(url);
    return { status: answer.statusCode, location: answer.headers.location, body: answer.body };
  };

  it('answer 301 to the one page they fold to, from the page, its data and its public record', async () => {
    await createEstablishment(t.db, { name: 'Le Vésuve', town: 'Cavaillon' });
    const page = '/restaurant/le-v%C3%A9suve-a-cavaillon';
    expect(await location('/restaurant/le-vesuve-a-cavaillon')).toMatchObject({
      status: 301,
      location: page,
    });
    expect(await location('/restaurant/LE-VESUVE-A-CAVAILLON')).toMatchObject({
      status: 301,
      location: page,
    });
    // Typed with spaces, and under the other kind: the page's own kind.
    expect(await location('/remplisvert/le%20vesuve%20a%20cavaillon')).toMatchObject({
      status: 301,
      location: page,
    });
    // The query string goes along, after our own path: never another site's address.
    expect((await location('/restaurant/le-vesuve-a-cavaillon?from=//evil.example')).location).toBe(
      `${page}?from=//evil.example`,
    );
    expect((await get('/restaurant/le-vesuve-a-cavaillon')).headers['cache-control']).toBe('no-cache');
    const data = await get('/restaurant/le-vesuve-a-cavaillon.data');
    expect(data.headers['x-remix-redirect'] ?? data.body).toContain('/restaurant/le-v%C3%A9suve-a-cavaillon');
    expect(await location('/establishment/LE-VESUVE-A-CAVAILLON/public?x=1')).toMatchObject({
      status: 301,
      location: `/establishment/${encodeURIComponent('le-vésuve-a-cavaillon')}/public?x=1`,
    });
    // The exact address is the page, as before.
    expect((await get(page)).statusCode).toBe(200);
    expect((await get('/restaurant/le-vésuve-a-cavaillon')).statusCode).toBe(200);
  });

  it('answer 301 with the punctuation dropped or typed otherwise, to earlier addresses’ page too', async () => {
    const place = await createEstablishment(t.db, { name: 'L’Atelier (Chez Toto)', town: 'Saint-Étienne' });
    expect(place.uri).toBe('l’atelier-(chez-toto)-a-saint-étienne');
    const page = `/restaurant/${encodeURIComponent(place.uri)}`;
    for (const typed of [
      'l-atelier-chez-toto-a-saint-etienne',
      "l'atelier-(chez-toto)-a-saint-etienne",
      'L%E2%80%99ATELIER-CHEZ-TOTO-A-SAINT-ETIENNE',
    ]) {
      expect(await location(`/restaurant/${typed}`), typed).toMatchObject({ status: 301, location: page });
    }
    // An earlier address, folded: the current page.
    await patch(place.id, { uri: 'atelier-toto-a-saint-étienne' });
    expect(await location('/restaurant/l-atelier-chez-toto-a-saint-etienne')).toMatchObject({
      status: 301,
      location: `/restaurant/${encodeURIComponent('atelier-toto-a-saint-étienne')}`,
    });
  });

  it('answer 404 when several pages fold to them, suggesting those pages', async () => {
    await createEstablishment(t.db, { name: 'Le Relais', town: 'Sète' });
    await createEstablishment(t.db, { name: 'Le Relais', town: 'Sete', uri: 'le-relais-a-sete' });
    // `le-relais-a-sete` is one page's exactly: that page, untouched by the fold.
    expect((await get('/restaurant/le-relais-a-sete')).statusCode).toBe(200);
    const ambiguous = await get('/restaurant/LE-RELAIS-A-SETE');
    expect(ambiguous.statusCode).toBe(404);
    expect(ambiguous.body).toContain('Vous cherchiez peut-être');
    expect(ambiguous.body).toContain(`href="/restaurant/${encodeURIComponent('le-relais-a-sète')}"`);
    expect(ambiguous.body).toContain('href="/restaurant/le-relais-a-sete"');
  });

  it('answer 404 with the pages named like their words when none folds to them', async () => {
    await createEstablishment(t.db, { name: 'La Bonne Fourchette', town: 'Albi' });
    const near = await get('/restaurant/la-bone-fourchete-a-albi');
    expect(near.statusCode).toBe(404);
    expect(near.body).toContain('Page introuvable');
    expect(near.body).toContain('Vous cherchiez peut-être');
    expect(near.body).toContain('href="/restaurant/la-bonne-fourchette-a-albi"');
    // Nothing like it: the 404 as it was, its search only.
    const nothing = await get('/restaurant/zzqx-a-qwyk');
    expect(nothing.statusCode).toBe(404);
    expect(nothing.body).not.toContain('Vous cherchiez peut-être');
    expect(nothing.body).toContain('Cherchez un établissement ou une ville');
  });

  it('never lead to, nor name, a hidden or closed page, and let another page answer as if it were not there', async () => {
    const hidden = await createEstablishment(t.db, {
      name: 'Le Caché Discret',
      town: 'Mâcon',
      disabled: true,
    });
    const closed = await createEstablishment(t.db, {
      name: 'Le Fermé Discret',
      town: 'Mâcon',
      closedForGoodAt: new Date(),
    });
    expect(await location('/restaurant/le-cache-discret-a-macon')).toMatchObject({ status: 404 });
    expect(await location('/restaurant/le-ferme-discret-a-macon')).toMatchObject({ status: 404 });
    expect((await get('/establishment/le-cache-discret-a-macon/public')).statusCode).toBe(404);
    const near = await get('/restaurant/le-cach-discret-a-macon');
    expect(near.statusCode).toBe(404);
    expect(near.body).not.toContain(encodeURIComponent(hidden.uri));
    expect(near.body).not.toContain(encodeURIComponent(closed.uri));
    expect(near.body).not.toContain('Discret');
    // Their exact addresses answer as before: 404 hidden, 410 closed.
    expect((await get(`/restaurant/${encodeURIComponent(hidden.uri)}`)).statusCode).toBe(404);
    expect((await get(`/restaurant/${encodeURIComponent(closed.uri)}`)).statusCode).toBe(410);
    // A public page folding like the hidden one is the one answer: nothing tells the hidden one is there.
    const visible = await createEstablishment(t.db, {
      name: 'Le Cache Discret',
      town: 'Macon',
      uri: 'le-cache-discret-a-macon-bis',
    });
    await patch(visible.id, { uri: 'le-cache-discret-a-macon' });
    expect((await get('/restaurant/le-cache-discret-a-macon')).statusCode).toBe(200);
    expect(await location(`/restaurant/${encodeURIComponent('LE-CACHÉ-DISCRET-A-MÂCON')}`)).toMatchObject({
      status: 301,
      location: '/restaurant/le-cache-discret-a-macon',
    });
  });

  it('answer 404 or the usual refusal, never 500, for a very long address, one not UTF-8 or with a NUL', async () => {
    await createEstablishment(t.db, { name: 'Le Long', town: 'Laval' });
    const long = 'le-long-a-laval-'.repeat(125);
    const answers: Record<string, number> = {};
    for (const url of [
      `/restaurant/${long}`,
      `/restaurant/${long.toUpperCase()}`,
      `/establishment/${long}/public`,
      '/restaurant/le-long-a-laval%C3%28',
      '/restaurant/LE-LONG-A-LAVAL%FF',
      '/restaurant/le-long%00-a-laval',
      '/establishment/LE-LONG-A-LAVAL%FF/public',
      '/establishment/le-long%00-a-laval/public',
    ]) {
      answers[url.slice(0, 40)] = (await get(url)).statusCode;
    }
    // Over the router's 500 characters, the record's path parameter is refused as its other routes' are
    // (414), and a percent-encoding that is not UTF-8 before any route (400, docs/api.md); a NUL, which
    // PostgreSQL refuses in text, and a 2,000-character page address are looked up no further than the exact
    // match: the page's 404.
    expect(answers).toEqual({
      '/establishment/LE-LONG-A-LAVAL%FF/public': 400,
      '/establishment/le-long%00-a-laval/public': 404,
      '/establishment/le-long-a-laval-le-long-a': 414,
      '/restaurant/LE-LONG-A-LAVAL%FF': 400,
      '/restaurant/LE-LONG-A-LAVAL-LE-LONG-A-LA': 404,
      '/restaurant/le-long%00-a-laval': 404,
      '/restaurant/le-long-a-laval%C3%28': 400,
      '/restaurant/le-long-a-laval-le-long-a-la': 404,
    });
  });
});
