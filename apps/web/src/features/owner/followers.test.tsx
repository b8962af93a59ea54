// @vitest-environment jsdom
import type { QueryClient } from '@tanstack/react-query';
import { cleanup, getDefaultNormalizer, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateMenuBoardBodySchema } from '@tables-voisines/contract/schemas/menu-board';
import { aCategory, aMenuBoard, aMenuBoardItem, anEstablishment, anOwnerSignIn } from '../../test/factories';
import { interceptFetch } from '../../test/network';
import { renderPage, testQueryClient } from '../../test/render';
import { getBrowserSessionStore } from '../session/use-session';
import {
  FollowersLine,
  followersMeaning,
  followersQueryKey,
  followersText,
  followersToldText,
} from './followers';
import { MenuBoardPage } from './menu-board-page';

/*
 * What an owner is told of the people following its page (issue 51): a count on « Mon espace », and how
 * many will be told when a board is published. The count is `GET /api/establishment/{id}/followers`,
 * answered here at the network boundary.
 */

const plat = aCategory({ name: 'Plat du jour', slug: 'plat-du-jour' });
const establishment = anEstablishment({ name: 'La Marmite' });
const TODAY = '2026-12-04';
const TOMORROW = '2026-12-05';
let followers: number | null;

beforeEach(async () => {
  const session = getBrowserSessionStore();
  await session.start();
  session.acceptOwnerSignIn(anOwnerSignIn({ establishment: establishment.id }));
  followers = 12;
  interceptFetch((request) => {
    if (request.url === `/api/establishment/${establishment.id}/followers`) {
      return followers === null ? undefined : { status: 200, body: { followers } };
    }
    if (request.method === 'POST' && request.url === '/api/menuboard/') {
      const body = CreateMenuBoardBodySchema.parse(request.body);
      const board = aMenuBoard(establishment, {
        title: body.title,
        date: body.date,
        items: body.items.map((item) => aMenuBoardItem({ ...item })),
      });
      return { status: 201, body: board };
    }
    if (request.url.startsWith(`/api/establishment/${establishment.id}/dishes?`)) {
      return { status: 200, body: { dishes: [], meatOrigins: [] } };
    }
    return undefined;
  });
});

/** Text matched as written: the default collapses the no-break spaces French wants kept. */
const asWritten = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

afterEach(() => {
  cleanup();
  getBrowserSessionStore().signOut();
  vi.unstubAllGlobals();
});

describe('the words for an owner’s followers', () => {
  it('counts them, in French, and says when there is none', () => {
    expect(followersText(0)).toBe('Personne ne suit encore votre page');
    expect(followersText(1)).toBe('1\u00a0abonné');
    expect(followersText(12)).toBe('12\u00a0abonnés');
    expect(followersText(1234)).toBe('1\u202f234\u00a0abonnés');
  });

  it('says who will be told of a board published, on the morning of its day for a later one, nothing for none', () => {
    expect(followersToldText(12, null)).toBe('12\u00a0abonnés seront prévenus.');
    expect(followersToldText(1, null)).toBe('1\u00a0abonné sera prévenu.');
    expect(followersToldText(12, TOMORROW)).toBe(
      '12\u00a0abonnés seront prévenus le matin du samedi 5 décembre.',
    );
    expect(followersToldText(1, '2027-01-01')).toBe(
      '1\u00a0abonné sera prévenu le matin du vendredi 1er janvier.',
    );
    expect(followersToldText(0, null)).toBeNull();
    expect(followersToldText(0, TOMORROW)).toBeNull();
  });

  it('says what following brings, in the number of the count', () => {
    expect(followersMeaning(0)).toBe(
      'Les visiteurs qui suivent votre page (bouton «\u00a0Suivre\u00a0») reçoivent une notification quand vous publiez l’ardoise du jour.',
    );
    expect(followersMeaning(1)).toBe('Il reçoit une notification quand vous publiez l’ardoise du jour.');
    expect(followersMeaning(7)).toBe('Ils reçoivent une notification quand vous publiez l’ardoise du jour.');
  });
});

describe('« Mon espace »', () => {
  it('shows how many people follow the page, once the count has come', async () => {
    renderPage(<FollowersLine token="jeton-court" establishmentId={establishment.id} />);
    const section = screen.getByRole('region', { name: 'Abonnés' });
    expect(await within(section).findByText('12\u00a0abonnés', asWritten)).toBeTruthy();
    cleanup();
    followers = 0;
    renderPage(<FollowersLine token="jeton-court" establishmentId={establishment.id} />);
    expect(await screen.findByText('Personne ne suit encore votre page')).toBeTruthy();
  });

  it('says nothing wrong when the count cannot be read', async () => {
    followers = null;
    renderPage(<FollowersLine token="jeton-court" establishmentId={establishment.id} />);
    expect(screen.getByText('Abonnés')).toBeTruthy();
    expect(
      screen.getByText('Vos abonnés reçoivent une notification quand vous publiez l’ardoise du jour.'),
    ).toBeTruthy();
  });
});

async function publishOneDish(user: UserEvent, button: string) {
  const dish = within(screen.getByRole('group', { name: 'Plat 1' }));
  await user.click(dish.getByRole('combobox', { name: 'Nom du plat' }));
  await user.paste('Blanquette');
  await user.type(dish.getByRole('textbox', { name: 'Prix (€)' }), '14');
  await user.click(dish.getByRole('combobox', { name: /^Catégorie/ }));
  await user.click(await screen.findByRole('option', { name: 'Plat du jour' }));
  await user.click(screen.getByRole('button', { name: button }));
}

/** The count has come (the screen asks for it as it opens). */
async function countRead(queryClient: QueryClient) {
  await vi.waitFor(() => expect(queryClient.getQueryData(followersQueryKey(establishment.id))).toBeDefined());
}

function renderBoard(tomorrow: boolean) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(['owner', 'categories', ''], [plat]);
  return renderPage(
    <MenuBoardPage
      loaded={{
        ok: true,
        readAt: 1,
        data: { establishment, date: tomorrow ? TOMORROW : TODAY, tomorrow, today: null },
      }}
    />,
    { queryClient, path: '/espace-restaurateur/ardoise' },
  );
}

describe('publishing a board', { timeout: 30_000 }, () => {
  it('says how many followers will be told of today’s first board, and not again for a correction', async () => {
    const { user, queryClient } = renderBoard(false);
    await countRead(queryClient);
    await publishOneDish(user, 'Publier l’ardoise');
    expect(
      await screen.findByText(
        'Ardoise publiée : elle est en ligne sur votre page. 12\u00a0abonnés seront prévenus.',
        asWritten,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir l’ardoise sur ma page' })).toBeTruthy();

    const price = within(screen.getByRole('group', { name: 'Plat 1' })).getByRole('textbox', {
      name: 'Prix (€)',
    });
    await user.clear(price);
    await user.type(price, '15');
    await user.click(screen.getByRole('button', { name: 'Publier l’ardoise' }));
    expect(await screen.findByText('Ardoise publiée : elle est en ligne sur votre page.')).toBeTruthy();
  });

  it('says they will be told on the morning of the day of a board prepared for tomorrow', async () => {
    const { user, queryClient } = renderBoard(true);
    await countRead(queryClient);
    await publishOneDish(user, 'Enregistrer l’ardoise de demain');
    expect(
      await screen.findByText(
        'Ardoise de demain enregistrée : elle sera en ligne sur votre page à partir de demain. 12\u00a0abonnés seront prévenus le matin du samedi 5 décembre.',
        asWritten,
      ),
    ).toBeTruthy();
  });

  it('says nothing of followers when there is none', async () => {
    followers = 0;
    const { user, queryClient } = renderBoard(false);
    await countRead(queryClient);
    await publishOneDish(user, 'Publier l’ardoise');
    expect(await screen.findByText('Ardoise publiée : elle est en ligne sur votre page.')).toBeTruthy();
  });
});
