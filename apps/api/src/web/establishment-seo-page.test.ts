import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createEstablishment } from '../../test/factories';
import { renderedPlacePage } from '../../test/pages';

// What search engines and social networks read of a place's page, as the server renders it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: true });
});
afterAll(() => t.close());

const pageOf = (place: { kind: string; uri: string }) => renderedPlacePage(t, place);

it('types a bar as a BarOrPub and gives its phone in the international form, in the link too', async () => {
  const bar = await createEstablishment(t.db, {
    name: 'Le Comptoir du Port',
    town: 'Marseille',
    venueType: 'bar',
    phone: '04 91 23 45 67',
  });
  const { html, jsonLd } = await pageOf(bar);
  expect(jsonLd['@type']).toBe('BarOrPub');
  expect(jsonLd.telephone).toBe('+33491234567');
  expect(html).toContain('href="tel:+33491234567"');
  // People read the number as it was written.
  expect(html).toContain('>04 91 23 45 67</a>');
});

it('types a hotel-restaurant as both', async () => {
  const hotel = await createEstablishment(t.db, {
    name: 'L’Auberge',
    town: 'Annecy',
    venueType: 'hotel-restaurant',
  });
  expect((await pageOf(hotel)).jsonLd['@type']).toEqual(['Hotel', 'Restaurant']);
});

it('shares a photo from elsewhere as the page’s image, without claiming a size', async () => {
  const place = await createEstablishment(t.db, {
    name: 'La Terrasse',
    town: 'Nice',
    photoUrl: 'https://photos.exemple.fr/terrasse.jpg',
  });
  const { html, jsonLd } = await pageOf(place);
  expect(html).toContain('property="og:image" content="https://photos.exemple.fr/terrasse.jpg"');
  expect(html).not.toContain('og:image:width');
  expect(html).toContain('property="og:image:alt" content="La Terrasse : photo de l’établissement"');
  expect(jsonLd.image).toBe('https://photos.exemple.fr/terrasse.jpg');
});
