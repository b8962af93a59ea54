import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatFrenchDate } from '@tables-voisines/contract/closures';
import { createTestApp, TestClock, type TestApp } from '../../test/app';
import { createEstablishment } from '../../test/factories';
import { renderedPlacePage } from '../../test/pages';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';

// What a visitor and a search engine read of closures and freshness on a place's page, as the server renders
// it. The dates are set around `today`: the day of the app's clock, stopped at the file's start, which the
// page's loader reads too (`renderedAt`, from the public data's `now()`).

const clock = new TestClock(new Date().toISOString());
const today = parisDay(clock.now());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: true, clock: clock.now });
});
afterAll(() => t.close());

const pageOf = (place: { kind: string; uri: string }) => renderedPlacePage(t, place);

const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '00:00', closes: '00:00' }));

it('says the closure in progress instead of « Ouvert maintenant », with its reason, and gives it in JSON-LD', async () => {
  const closure = { from: addDays(today, -2), to: addDays(today, 5), reason: 'Congés annuels' };
  const place = await createEstablishment(t.db, {
    name: 'La Fermeture',
    town: 'Tours',
    // Open round the clock but for its closure.
    openingHours: everyDay,
    closures: [{ from: '2020-01-01', to: '2020-01-15', reason: null }, closure],
  });
  const { html, jsonLd } = await pageOf(place);
  expect(html).toContain(
    `data-testid="opening-status" class="tv-status tv-status--closed">Fermé exceptionnellement jusqu’au ${formatFrenchDate(closure.to, today)}</p>`,
  );
  expect(html).toContain('data-testid="closure-reason" class="tv-text tv-muted">Congés annuels</p>');
  expect(html).not.toContain('Ouvert maintenant');
  // The week's hours stay shown.
  expect(html).toContain('class="tv-hours"');
  expect(jsonLd.specialOpeningHoursSpecification).toEqual([
    {
      '@type': 'OpeningHoursSpecification',
      opens: '00:00',
      closes: '00:00',
      validFrom: closure.from,
      validThrough: closure.to,
    },
  ]);
  expect(html).not.toContain('Informations vérifiées');
});

it('announces a closure starting within 14 days and says when the information was verified', async () => {
  const from = addDays(today, 3);
  const place = await createEstablishment(t.db, {
    name: 'La Prévoyante',
    town: 'Tours',
    openingHours: everyDay,
    closures: [{ from, to: null, reason: null }],
    verifiedAt: new Date('2026-11-03T10:00:00Z'),
  });
  const { html, jsonLd } = await pageOf(place);
  expect(html).toContain('Ouvert maintenant');
  expect(html).toContain(`Fermeture prévue à partir du ${formatFrenchDate(from, today)}</p>`);
  expect(html).toContain('Informations vérifiées le 3 novembre 2026');
  expect(jsonLd.specialOpeningHoursSpecification).toEqual([
    { '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: from },
  ]);
});

it('announces nothing of a closure more than 14 days away, nor of one that has ended', async () => {
  const place = await createEstablishment(t.db, {
    name: 'La Lointaine',
    town: 'Tours',
    openingHours: everyDay,
    closures: [
      { from: addDays(today, -10), to: addDays(today, -1), reason: null },
      { from: addDays(today, 15), to: addDays(today, 20), reason: null },
    ],
  });
  const { html, jsonLd } = await pageOf(place);
  expect(html).toContain('Ouvert maintenant');
  expect(html).not.toContain('Fermeture prévue');
  expect(html).not.toContain('Fermé exceptionnellement');
  expect(jsonLd.specialOpeningHoursSpecification).toHaveLength(1);
});
