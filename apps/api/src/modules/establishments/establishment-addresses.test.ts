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
