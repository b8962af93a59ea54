import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MenuBoardItem } from '@tables-voisines/contract/schemas/menu-board';
import { aMenuBoard, aMenuBoardItem } from '../../test/factories';
import { boardTitleLine, Dish, dishBadges, MenuBoardSection } from './menu-board-section';

/** A blanquette at 14.50 €, with nothing said of its allergens unless `overrides` says. */
const dish = aMenuBoardItem;

/** The dish as the page's HTML says it, its tags taken out: what a reader of the text gets. */
function text(item: MenuBoardItem, category?: string): string {
  return renderToStaticMarkup(<Dish item={item} category={category} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('a dish on its page', () => {
  it('says what is in it: description, diets and « Fait maison » in words, meat origin, allergens', () => {
    const html = renderToStaticMarkup(
      <Dish
        item={dish({
          description: 'Crème, champignons de Paris, riz',
          allergens: ['milk', 'eggs'],
          diets: ['halal'],
          homemade: true,
          meatOrigin: 'Veau né, élevé et abattu en France',
        })}
        category="Plats"
      />,
    );
    expect(html).toContain('<li class="tv-badge">Halal</li><li class="tv-badge">Fait maison</li>');
    expect(html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain(
      'Blanquette de veau Plats Crème, champignons de Paris, riz Halal Fait maison ' +
        'Origine de la viande : Veau né, élevé et abattu en France Allergènes : œufs, lait 14,50 €',
    );
  });

  it('invites to ask when the allergens are not stated, and says when it has none of the 14', () => {
    expect(text(dish())).toBe('Blanquette de veau Allergènes non renseignés, demandez au restaurant 14,50 €');
    expect(text(dish({ allergens: [] }))).toContain('Aucun des 14 allergènes majeurs');
  });

  it('shows no empty badges, description or origin', () => {
    const html = renderToStaticMarkup(<Dish item={dish()} category={undefined} />);
    expect(html).not.toContain('tv-badges');
    expect(html).not.toContain('Origine');
    expect(html).not.toContain('tv-dish__description');
  });

  it('names each diet, a vegan dish as vegetarian too when stored so', () => {
    expect(dishBadges({ diets: ['vegetarian', 'vegan', 'halal', 'kosher'], homemade: false })).toEqual([
      'Végétarien',
      'Végan',
      'Halal',
      'Casher',
    ]);
    expect(dishBadges({ diets: [], homemade: true })).toEqual(['Fait maison']);
  });

  it('says « Végétarien » once when it is also the dish’s category', () => {
    const said = text(dish({ diets: ['vegetarian'], homemade: true }), 'Végétarien');
    expect(said.match(/Végétarien/g)).toHaveLength(1);
    expect(said).toContain('Fait maison');
    // Under another category the diet is a badge.
    expect(text(dish({ diets: ['vegetarian'] }), 'Plats')).toContain('Végétarien');
  });
});

describe('the board of a day its place is closed', () => {
  /** The section's text, its tags taken out. */
  const sectionText = (closedOnDate: boolean) =>
    renderToStaticMarkup(
      <MenuBoardSection
        board={aMenuBoard(undefined, { closedOnDate, items: [dish({ name: 'Tartare de bœuf' })] })}
        categories={[]}
      />,
    )
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();

  it('says under the heading, before any dish, that it is not served today', () => {
    const text = sectionText(true);
    expect(text).toMatch(
      /^Ardoise du jour Fermé aujourd’hui : cette ardoise n’est pas servie\. .*Tartare de bœuf/,
    );
  });

  it('says nothing of it on an open day', () => {
    expect(sectionText(false)).not.toContain('Fermé');
    expect(sectionText(false)).toContain('Tartare de bœuf');
  });
});

describe('a board as French restaurants write it', () => {
  /** The section's HTML and its text, tags taken out. */
  const section = (board: Parameters<typeof aMenuBoard>[1]) => {
    const html = renderToStaticMarkup(
      <MenuBoardSection board={aMenuBoard(undefined, board)} categories={[]} />,
    );
    return {
      html,
      text: html
        // A name in bold is in its line: its tags stand for no space.
        .replace(/<\/?strong>/g, '')
        .replace(/<[^>]+>/g, ' ')
        // Ordinary spaces only: the non-breaking ones French typography wants are kept to be checked.
        .replace(/[ \n\t]+/g, ' ')
        .trim(),
    };
  };
  const courses = [
    dish({ name: 'Café gourmand', course: null }),
    dish({ name: 'Tarte Tatin', course: 'dessert' }),
    dish({ name: 'Quiche lorraine', course: 'plat' }),
    dish({ name: 'Velouté de potimarron', course: 'entree' }),
    dish({ name: 'Bœuf bourguignon', course: 'plat' }),
    dish({ name: 'Planche de fromages', course: 'autre' }),
  ];
  const formulas = [
    {
      name: 'Formule du midi',
      price: 16.5,
      courses: [
        ['entree', 'plat'],
        ['plat', 'dessert'],
      ] as ('entree' | 'plat' | 'dessert')[][],
      description: 'Café compris',
    },
    { name: 'Petite faim', price: 12, courses: [['plat']] as 'plat'[][], description: null },
  ];

  it('starts with its formules, in words, then reads its dishes by course, those of no course last', () => {
    const { html, text } = section({ items: courses, formulas });
    expect(text).toMatch(
      new RegExp(
        [
          'Formule du midi\u00a0: entrée \\+ plat ou plat \\+ dessert — 16,50\u00a0€ Café compris',
          'Petite faim\u00a0: plat — 12\u00a0€',
          'Entrées Velouté de potimarron',
          'Plats Quiche lorraine .* Bœuf bourguignon',
          'Desserts Tarte Tatin',
          'Et aussi Planche de fromages .* Café gourmand',
        ].join('.*'),
      ),
    );
    expect(html).toContain('<h3 class="tv-subtitle" style="margin-top:8px">Entrées</h3>');
    expect(html).toContain('<strong>Formule du midi</strong>');
    expect(html).toContain('aria-label="Formules"');
  });

  it('leaves out the courses it has no dish of', () => {
    const { text } = section({ items: [dish({ name: 'Quiche', course: 'plat' })] });
    expect(text).toContain('Plats Quiche');
    expect(text).not.toMatch(/Entrées|Desserts|Et aussi|Formule/);
  });

  it('reads as one list when no dish says its course, as boards always did', () => {
    const { html, text } = section({
      items: [dish({ name: 'Quiche' }), dish({ name: 'Tarte' })],
      formulas: [formulas[1]!],
    });
    expect(html).not.toContain('<h3');
    expect(html).toContain('aria-label="Formule"');
    expect(text).toMatch(/Petite faim\u00a0: plat — 12\u00a0€ Quiche .* Tarte/);
  });
});

describe('the line under the board’s heading', () => {
  it('says the day once, whatever the title says', () => {
    // The owners' form proposes « Ardoise du <day> »: the page read « Ardoise du vendredi 4 décembre · vendredi 4 décembre ».
    expect(boardTitleLine('Ardoise du vendredi 4 décembre', '2026-12-04')).toBe(
      'Ardoise du vendredi 4 décembre',
    );
    expect(boardTitleLine('Ardoise du jour', '2026-12-04')).toBe('vendredi 4 décembre');
    expect(boardTitleLine('Formule du jour', '2026-12-05')).toBe('Formule du jour · samedi 5 décembre');
    // A title naming another day keeps the board's own day beside it.
    expect(boardTitleLine('Ardoise du vendredi 4 décembre', '2026-12-05')).toBe(
      'Ardoise du vendredi 4 décembre · samedi 5 décembre',
    );
  });
});
