// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateMenuBoardBodySchema, type DishSuggestion } from '@tables-voisines/contract/schemas/menu-board';
import { aCategory, aMenuBoard, aMenuBoardItem, anEstablishment, anOwnerSignIn } from '../../test/factories';
import { interceptFetch, type SentRequest } from '../../test/network';
import { renderPage, testQueryClient } from '../../test/render';
import { getBrowserSessionStore } from '../session/use-session';
import { MenuBoardPage, replaceQuestion } from './menu-board-page';

/*
 * « Ardoise du jour » as an owner fills it in, from an empty board of the day. The page sends its board over
 * HTTP: `fetch` is replaced at the network boundary, and the test checks the request up to what is sent;
 * what the server does with it is covered by the API's tests.
 */

const plat = aCategory({ name: 'Plat du jour', slug: 'plat-du-jour' });
const dessert = aCategory({ name: 'Dessert', slug: 'dessert' });
const establishment = anEstablishment({ name: 'La Marmite' });
const DATE = '2026-11-23';
const quiche: DishSuggestion = {
  ...aMenuBoardItem({
    name: 'Quiche lorraine',
    price: 9.5,
    category: plat.id,
    allergens: ['gluten', 'eggs', 'milk'],
    homemade: true,
    course: 'plat',
  }),
  uses: 4,
  lastUsed: '2026-11-20',
};

let sent: SentRequest[];
/** What `POST /api/menuboard/` answers instead of the board published, when set. */
let refusal: { status: number; body: unknown } | null;
/** The board of the day before, answered to « Reprendre l’ardoise d’hier ». */
const yesterday = aMenuBoard(establishment, {
  date: '2026-11-22',
  items: [
    aMenuBoardItem({ name: 'Velouté de potimarron', price: 6, category: plat.id, course: 'entree' }),
    aMenuBoardItem({ name: 'Tarte Tatin', price: 5.5, category: plat.id, course: 'dessert' }),
  ],
  formulas: [
    {
      name: 'Formule du midi',
      price: 16.5,
      courses: [
        ['entree', 'plat'],
        ['plat', 'dessert'],
      ],
      description: 'Café compris',
    },
  ],
});

beforeEach(async () => {
  // The page reads its token from the browser's session: an owner signed in, as after its sign-in.
  const session = getBrowserSessionStore();
  await session.start();
  session.acceptOwnerSignIn(anOwnerSignIn({ establishment: establishment.id }));
  localStorage.clear();
  refusal = null;
  sent = interceptFetch((request) => {
    if (request.method === 'POST' && request.url === '/api/menuboard/' && refusal !== null) return refusal;
    if (request.url === `/api/establishment/${establishment.id}/menuboard?date=2026-11-22`) {
      return { status: 200, body: yesterday };
    }
    if (request.method === 'POST' && request.url === '/api/menuboard/') {
      const body = CreateMenuBoardBodySchema.parse(request.body);
      const board = aMenuBoard(establishment, {
        title: body.title,
        date: body.date,
        items: body.items.map((item) => aMenuBoardItem({ ...item })),
        formulas: body.formulas ?? [],
      });
      return { status: 201, body: board };
    }
    // What the establishment served before, whose name holds what is typed.
    if (request.url.startsWith(`/api/establishment/${establishment.id}/dishes?`)) {
      const q = new URL(request.url, 'http://localhost').searchParams.get('q') ?? '';
      const served = [quiche].filter((d) => d.name.toLowerCase().includes(q.toLowerCase()));
      return { status: 200, body: { dishes: served, meatOrigins: [] } };
    }
    if (request.url.startsWith(`/api/categories/category/${plat.id}?`)) return { status: 200, body: plat };
    return undefined;
  });
});

afterEach(() => {
  cleanup();
  getBrowserSessionStore().signOut();
  vi.unstubAllGlobals();
});

function renderBoard() {
  const queryClient = testQueryClient();
  // The categories offered before anything is typed, as `GET /api/categories/search` answers them.
  queryClient.setQueryData(['owner', 'categories', ''], [plat, dessert]);
  return renderPage(
    <MenuBoardPage
      loaded={{ ok: true, readAt: 1, data: { establishment, date: DATE, tomorrow: false, today: null } }}
    />,
    { queryClient, path: '/espace-restaurateur/ardoise' },
  );
}

const dish = (n: number) => within(screen.getByRole('group', { name: `Plat ${n}` }));
const pressed = (button: HTMLElement) => button.getAttribute('aria-pressed');
const boardRequests = () => sent.filter((r) => r.url === '/api/menuboard/');

async function fillDish(user: UserEvent, n: number, name: string, price: string, category: string) {
  // Pasted: typed key by key, each key drew the whole board again, seconds per dish under jsdom.
  await user.click(dish(n).getByRole('combobox', { name: 'Nom du plat' }));
  await user.paste(name);
  await user.type(dish(n).getByRole('textbox', { name: 'Prix (€)' }), price);
  await user.click(dish(n).getByRole('combobox', { name: /^Catégorie/ }));
  await user.click(await screen.findByRole('option', { name: category }));
}

async function openDetails(user: UserEvent, n: number) {
  await user.click(dish(n).getByRole('button', { name: /Allergènes et détails/ }));
}

// MUI's form drawn again at each change takes seconds a test under jsdom on a busy two-core machine.
describe('the owner’s daily board', { timeout: 30_000 }, () => {
  it('starts with three empty dishes and adds one more with « Ajouter un plat »', async () => {
    const { user } = renderBoard();
    expect(screen.getByText(/Pas d’ardoise en ligne aujourd’hui/)).toBeTruthy();
    expect(screen.getAllByRole('group', { name: /^Plat \d$/ })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Ajouter un plat' }));
    expect(screen.getAllByRole('group', { name: /^Plat \d$/ })).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Retirer le plat 2' }));
    expect(screen.getAllByRole('group', { name: /^Plat \d$/ })).toHaveLength(3);
  });

  it('publishes a dish priced « 12,50 » as 12.5 €, leaving the empty rows out, and says it is online', async () => {
    const { user } = renderBoard();
    await fillDish(user, 1, 'Quiche lorraine', '12,50', 'Plat du jour');
    await user.click(screen.getByRole('button', { name: 'Publier l’ardoise' }));

    expect(await screen.findByText('Ardoise publiée : elle est en ligne sur votre page.')).toBeTruthy();
    const [request] = boardRequests();
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('Authorization')).toBe('Bearer jeton-court');
    expect(request?.body).toMatchObject({
      establishment: establishment.id,
      date: DATE,
      items: [{ name: 'Quiche lorraine', price: 12.5, category: plat.id }],
    });
    expect(screen.getByRole('link', { name: 'Voir l’ardoise sur ma page' })).toBeTruthy();
  });

  it('asks about a price over 100 €, naming the dish and the price, before publishing it', async () => {
    const { user } = renderBoard();
    await fillDish(user, 1, 'Bœuf bourguignon', '1 300,00', 'Plat du jour');
    await user.click(screen.getByRole('button', { name: 'Publier l’ardoise' }));
    const asked = await screen.findByRole('alertdialog', { name: 'Un prix à vérifier' });
    expect(asked.textContent).toContain(
      '«\u00a0Bœuf bourguignon\u00a0» à 1\u202f300,00\u00a0€\u00a0: ce prix dépasse 100\u00a0€. Est-ce bien le bon prix\u00a0?',
    );
    await user.click(within(asked).getByRole('button', { name: 'Corriger le prix' }));
    expect(boardRequests()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Publier l’ardoise' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Publier quand même' }),
    );
    expect(await screen.findByText('Ardoise publiée : elle est en ligne sur votre page.')).toBeTruthy();
    expect(boardRequests()[0]?.body).toMatchObject({ items: [{ name: 'Bœuf bourguignon', price: 1300 }] });
  });

  it('refuses a price typed « abc » under the dish, and sends nothing', async () => {
    const { user } = renderBoard();
    await fillDish(user, 1, 'Quiche lorraine', 'abc', 'Plat du jour');
    await user.click(screen.getByRole('button', { name: 'Publier l’ardoise' }));

    const price = dish(1).getByRole('textbox', { name: 'Prix (€)' });
    expect(await dish(1).findByText('Le prix doit être un nombre (en euros).')).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Certains plats sont à compléter.');
    // The first field to correct gets the focus.
    expect(document.activeElement).toBe(price);
    expect(boardRequests()).toEqual([]);
  });

  it('asks for the category of a dish named and priced without one', async () => {
    const { user } = renderBoard();
    await user.type(dish(1).getByRole('combobox', { name: 'Nom du plat' }), 'Tarte Tatin');
    await user.type(dish(1).getByRole('textbox', { name: 'Prix (€)' }), '6');
    await user.click(screen.getByRole('button', { name: 'Publier l’ardoise' }));
    expect(await dish(1).findByText('Choisissez une catégorie.')).toBeTruthy();
    expect(boardRequests()).toEqual([]);
  });

  it('refuses « Contient » with no allergen ticked, then publishes once one is', async () => {
    const { user } = renderBoard();
    await fillDish(user, 1, 'Quiche lorraine', '9', 'Plat du jour');
    await openDetails(user, 1);
    await user.click(dish(1).getByRole('radio', { name: 'Contient :' }));
    await user.click(screen.getByRole('button', { name: 'Publier l’ardoise' }));
    expect(
      await dish(1).findByText('Cochez les allergènes du plat, ou choisissez « Aucun des 14 allergènes ».'),
    ).toBeTruthy();
    expect(boardRequests()).toEqual([]);

    await user.click(dish(1).getByRole('checkbox', { name: 'Œufs' }));
    await user.click(dish(1).getByRole('checkbox', { name: 'Lait' }));
    await user.click(screen.getByRole('button', { name: 'Publier l’ardoise' }));
    await screen.findByText('Ardoise publiée : elle est en ligne sur votre page.');
    expect(boardRequests()[0]?.body).toMatchObject({ items: [{ allergens: ['eggs', 'milk'] }] });
  });

  it('ticks « Végétarien » with « Végan », and sends both', async () => {
    const { user } = renderBoard();
    await fillDish(user, 1, 'Curry de légumes', '11', 'Plat du jour');
    await openDetails(user, 1);
    const vegetarian = dish(1).getByRole('checkbox', { name: 'Végétarien' }) as HTMLInputElement;
    expect(vegetarian.checked).toBe(false);
    await user.click(dish(1).getByRole('checkbox', { name: 'Végan' }));
    expect(vegetarian.checked).toBe(true);
    // Closed, the details say it in one line.
    await openDetails(user, 1);
    expect(dish(1).getByRole('button', { name: /Allergènes et détails/ }).textContent).toMatch(
      /Végétarien · Végan/,
    );

    await openDetails(user, 1);
    await user.click(dish(1).getByRole('radio', { name: 'Aucun des 14 allergènes' }));
    await user.click(screen.getByRole('button', { name: 'Publier l’ardoise' }));
    await screen.findByText('Ardoise publiée : elle est en ligne sur votre page.');
    expect(boardRequests()[0]?.body).toMatchObject({ items: [{ diets: ['vegetarian', 'vegan'] }] });
  });

  it('offers a dish served before as its name is typed, and fills the whole row with it', async () => {
    const { user } = renderBoard();
    await user.type(dish(1).getByRole('combobox', { name: 'Nom du plat' }), 'quich');
    const offered = await screen.findByRole('listbox', { name: 'Plats déjà servis' });
    await user.click(within(offered).getByRole('option', { name: /Quiche lorraine/ }));

    expect((dish(1).getByRole('textbox', { name: 'Prix (€)' }) as HTMLInputElement).value).toBe('9,50');
    await vi.waitFor(() =>
      expect((dish(1).getByRole('combobox', { name: /^Catégorie/ }) as HTMLInputElement).value).toBe(
        'Plat du jour',
      ),
    );
    expect(dish(1).getByRole('button', { name: /Allergènes et détails/ }).textContent).toContain(
      'Allergènes : gluten, œufs, lait · Fait maison',
    );
    await user.click(screen.getByRole('button', { name: 'Publier l’ardoise' }));
    await screen.findByText('Ardoise publiée : elle est en ligne sur votre page.');
    expect(boardRequests()[0]?.body).toMatchObject({
      items: [
        {
          name: 'Quiche lorraine',
          price: 9.5,
          category: plat.id,
          allergens: ['gluten', 'eggs', 'milk'],
          homemade: true,
          course: 'plat',
        },
      ],
    });
  });

  it('keeps the course tapped before a dish served before is chosen', async () => {
    const { user } = renderBoard();
    await user.click(dish(1).getByRole('button', { name: 'Entrée' }));
    await user.type(dish(1).getByRole('combobox', { name: 'Nom du plat' }), 'quich');
    const offered = await screen.findByRole('listbox', { name: 'Plats déjà servis' });
    await user.click(within(offered).getByRole('option', { name: /Quiche lorraine/ }));
    expect((dish(1).getByRole('textbox', { name: 'Prix (€)' }) as HTMLInputElement).value).toBe('9,50');
    // Last served as a main course, today a starter: the tap wins (it took the dish's old course before).
    expect(pressed(dish(1).getByRole('button', { name: 'Entrée' }))).toBe('true');
    expect(pressed(dish(1).getByRole('button', { name: 'Plat' }))).toBe('false');
    await vi.waitFor(() =>
      expect((dish(1).getByRole('combobox', { name: /^Catégorie/ }) as HTMLInputElement).value).toBe(
        'Plat du jour',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Publier l’ardoise' }));
    await screen.findByText('Ardoise publiée : elle est en ligne sur votre page.');
    expect(boardRequests()[0]?.body).toMatchObject({
      items: [{ name: 'Quiche lorraine', course: 'entree' }],
    });
  });
});

const formula = (n: number) => within(screen.getByRole('group', { name: `Formule ${n}` }));

describe('formules and courses on the owner’s board', { timeout: 60_000 }, () => {
  it('adds a formule from a chip and a course in one tap, sends both, and offers the formule again', async () => {
    const { user } = renderBoard();
    await user.click(screen.getByRole('button', { name: 'Entrée + plat ou plat + dessert' }));
    // Its price is typed next: the focus is there.
    const price = formula(1).getByRole('textbox', { name: 'Prix (€)' });
    await vi.waitFor(() => expect(document.activeElement).toBe(price));
    expect((formula(1).getByRole('textbox', { name: 'Nom' }) as HTMLInputElement).value).toBe(
      'Formule du midi',
    );
    await user.type(price, '16,50');
    const choice2 = formula(1).getByRole('group', { name: 'Choix 2 de la formule 1' });
    expect(pressed(within(choice2).getByRole('button', { name: 'Plat' }))).toBe('true');
    expect(pressed(within(choice2).getByRole('button', { name: 'Dessert' }))).toBe('true');
    expect(pressed(within(choice2).getByRole('button', { name: 'Entrée' }))).toBe('false');

    await fillDish(user, 1, 'Quiche lorraine', '12', 'Plat du jour');
    await user.click(dish(1).getByRole('button', { name: 'Plat' }));
    await fillDish(user, 2, 'Tarte Tatin', '5', 'Dessert');
    await user.click(dish(2).getByRole('button', { name: 'Entrée' }));
    // One tap changes it, another on the same takes it back.
    await user.click(dish(2).getByRole('button', { name: 'Dessert' }));
    expect(pressed(dish(2).getByRole('button', { name: 'Entrée' }))).toBe('false');
    await fillDish(user, 3, 'Café', '2', 'Dessert');
    await user.click(dish(3).getByRole('button', { name: 'Autre' }));
    await user.click(dish(3).getByRole('button', { name: 'Autre' }));
    expect(pressed(dish(3).getByRole('button', { name: 'Autre' }))).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Publier l’ardoise' }));
    await screen.findByText('Ardoise publiée : elle est en ligne sur votre page.');
    expect(boardRequests()[0]?.body).toMatchObject({
      formulas: [
        {
          name: 'Formule du midi',
          price: 16.5,
          courses: [
            ['entree', 'plat'],
            ['plat', 'dessert'],
          ],
          description: null,
        },
      ],
      items: [
        { name: 'Quiche lorraine', course: 'plat' },
        { name: 'Tarte Tatin', course: 'dessert' },
        { name: 'Café', course: null },
      ],
    });

    // Removed, the formule published is offered again in one tap, complete.
    expect(screen.queryByRole('group', { name: 'Vos dernières formules :' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retirer la formule 1' }));
    const last = screen.getByRole('group', { name: 'Vos dernières formules :' });
    await user.click(
      within(last).getByRole('button', {
        name: 'Formule du midi\u00a0: entrée + plat ou plat + dessert — 16,50\u00a0€',
      }),
    );
    expect((formula(1).getByRole('textbox', { name: 'Prix (€)' }) as HTMLInputElement).value).toBe('16,50');
    expect(screen.queryByRole('group', { name: 'Vos dernières formules :' })).toBeNull();
  });

  it('composes a formule of its own, and says a choice left empty under it', async () => {
    const { user } = renderBoard();
    await user.click(screen.getByRole('button', { name: 'Autre composition' }));
    await user.type(formula(1).getByRole('textbox', { name: 'Prix (€)' }), '9,90');
    await user.click(formula(1).getByRole('button', { name: 'Ou un autre choix' }));
    const first = formula(1).getByRole('group', { name: 'Choix 1 de la formule 1' });
    await user.click(within(first).getByRole('button', { name: 'Dessert' }));
    await user.click(within(first).getByRole('button', { name: 'Plat' }));
    await fillDish(user, 1, 'Quiche lorraine', '12', 'Plat du jour');
    await user.click(screen.getByRole('button', { name: 'Publier l’ardoise' }));
    expect(await formula(1).findByText('Une combinaison a au moins une rubrique.')).toBeTruthy();
    expect(boardRequests()).toEqual([]);

    await user.click(formula(1).getByRole('button', { name: 'Retirer le choix 2 de la formule 1' }));
    await user.click(screen.getByRole('button', { name: 'Publier l’ardoise' }));
    await screen.findByText('Ardoise publiée : elle est en ligne sur votre page.');
    // In the order a board reads them, whatever the order tapped.
    expect(boardRequests()[0]?.body).toMatchObject({
      formulas: [{ name: 'Formule du midi', price: 9.9, courses: [['plat', 'dessert']] }],
    });
  });

  it('copies the formules and the courses of the day before with « Reprendre l’ardoise d’hier »', async () => {
    const { user } = renderBoard();
    await user.click(screen.getByRole('button', { name: 'Reprendre l’ardoise d’hier' }));
    expect(
      await screen.findByText(
        '2 plats et 1 formule repris de l’ardoise d’hier : vérifiez-les, puis publiez.',
      ),
    ).toBeTruthy();
    expect(
      (formula(1).getByRole('textbox', { name: 'Précision (facultative)' }) as HTMLInputElement).value,
    ).toBe('Café compris');
    expect(pressed(dish(1).getByRole('button', { name: 'Entrée' }))).toBe('true');
    expect(pressed(dish(2).getByRole('button', { name: 'Dessert' }))).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Publier l’ardoise' }));
    await screen.findByText('Ardoise publiée : elle est en ligne sur votre page.');
    expect(boardRequests()[0]?.body).toMatchObject({
      formulas: [{ name: 'Formule du midi', price: 16.5, description: 'Café compris' }],
      items: [{ course: 'entree' }, { course: 'dessert' }],
    });
  });

  it('asks before the day before’s formules replace those typed, and keeps them when told to', async () => {
    expect(replaceQuestion(2, 4, 'd’hier', { typed: 1, copied: 2 })).toBe(
      'Remplacer les 2 plats déjà saisis par les 4 d’hier\u00a0? Vos formules seront remplacées par celles d’hier aussi.',
    );
    expect(replaceQuestion(2, 1, 'd’hier', { typed: 1, copied: 0 })).toBe(
      'Remplacer les 2 plats déjà saisis par celui d’hier\u00a0?',
    );
    const { user } = renderBoard();
    await user.click(screen.getByRole('button', { name: 'Plat + dessert' }));
    await user.type(formula(1).getByRole('textbox', { name: 'Prix (€)' }), '13');
    await user.click(screen.getByRole('button', { name: 'Reprendre l’ardoise d’hier' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Reprendre l’ardoise d’hier\u00a0?' });
    expect(ask.textContent).toContain('Remplacer la formule déjà saisie par celle d’hier\u00a0?');
    await user.click(within(ask).getByRole('button', { name: 'Garder mes formules' }));
    expect((formula(1).getByRole('textbox', { name: 'Prix (€)' }) as HTMLInputElement).value).toBe('13');

    await user.click(screen.getByRole('button', { name: 'Reprendre l’ardoise d’hier' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remplacer' }),
    );
    await screen.findByText('2 plats et 1 formule repris de l’ardoise d’hier : vérifiez-les, puis publiez.');
    expect((formula(1).getByRole('textbox', { name: 'Prix (€)' }) as HTMLInputElement).value).toBe('16,50');
    expect(screen.queryByRole('group', { name: 'Formule 2' })).toBeNull();
  });

  it('puts the server’s messages on the formule’s choice and on the dish’s course it is about', async () => {
    const { user } = renderBoard();
    await user.click(screen.getByRole('button', { name: 'Entrée + plat ou plat + dessert' }));
    await user.type(formula(1).getByRole('textbox', { name: 'Prix (€)' }), '16');
    await fillDish(user, 1, 'Quiche lorraine', '12', 'Plat du jour');
    // Row 2 left empty: the second dish sent is the form's third.
    await fillDish(user, 3, 'Tarte Tatin', '5', 'Dessert');
    refusal = {
      status: 400,
      body: {
        code: 'ValidationError',
        message: 'Requête invalide.',
        details: [
          { path: 'formulas.0.courses.1.0', message: 'Rubrique inconnue (formule).' },
          { path: 'items.1.course', message: 'Rubrique inconnue (plat).' },
        ],
      },
    };
    await user.click(screen.getByRole('button', { name: 'Publier l’ardoise' }));
    expect(await dish(3).findByText('Rubrique inconnue (plat).')).toBeTruthy();
    const choice2 = formula(1).getByRole('group', { name: 'Choix 2 de la formule 1' });
    expect(choice2.getAttribute('aria-describedby')).not.toBeNull();
    expect(formula(1).getByText('Rubrique inconnue (formule).')).toBeTruthy();
    expect(dish(1).queryByText('Rubrique inconnue (plat).')).toBeNull();
    // The first field to correct gets the focus: the formule's choice, first on the page.
    expect(document.activeElement).toBe(within(choice2).getByRole('button', { name: 'Entrée' }));
  });
});
