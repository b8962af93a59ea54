// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateMenuBoardBodySchema, type DishSuggestion } from '@tables-voisines/contract/schemas/menu-board';
import { aCategory, aMenuBoard, aMenuBoardItem, anEstablishment, anOwnerSignIn } from '../../test/factories';
import { interceptFetch, type SentRequest } from '../../test/network';
import { renderPage, testQueryClient } from '../../test/render';
import { getBrowserSessionStore } from '../session/use-session';
import { MenuBoardPage } from './menu-board-page';

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
  }),
  uses: 4,
  lastUsed: '2026-11-20',
};

let sent: SentRequest[];

beforeEach(async () => {
  // The page reads its token from the browser's session: an owner signed in, as after its sign-in.
  const session = getBrowserSessionStore();
  await session.start();
  session.acceptOwnerSignIn(anOwnerSignIn({ establishment: establishment.id }));
  sent = interceptFetch((request) => {
    if (request.method === 'POST' && request.url === '/api/menuboard/') {
      const body = CreateMenuBoardBodySchema.parse(request.body);
      const board = aMenuBoard(establishment, {
        title: body.title,
        date: body.date,
        items: body.items.map((item) => aMenuBoardItem({ ...item })),
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
      '« Bœuf bourguignon » à 1\u202f300,00\u00a0€ : ce prix dépasse 100\u00a0€. Est-ce bien le bon prix\u00a0?',
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
        },
      ],
    });
  });
});
