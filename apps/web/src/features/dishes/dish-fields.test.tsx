import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AllergensFieldset, DietsFieldset } from './dish-fields';

/** The labels of the check boxes and radios, in the order drawn, with whether each is ticked. */
function controls(html: string): string[] {
  return [...html.matchAll(/<label[^>]*>(.*?)<\/label>/g)]
    .map(([, inside = '']) => {
      const input = /<input[^>]*>/.exec(inside)?.[0];
      if (input === undefined) return null;
      // Emotion writes its styles inline, in <style> elements.
      const label = inside
        .replace(/<style[^>]*>.*?<\/style>/g, '')
        .replace(/<[^>]*>/g, '')
        .trim();
      return `${/\schecked=""/.test(input) ? '[x]' : '[ ]'} ${label}`;
    })
    .filter((control): control is string => control !== null);
}

describe('the check boxes of a dish’s details', () => {
  it('offers the three answers about allergens, then the 14 in the annex’s order with their usual names', () => {
    const html = renderToStaticMarkup(
      <AllergensFieldset value={{ mode: 'unstated', allergens: [] }} onChange={() => undefined} />,
    );
    expect(controls(html)).toEqual([
      '[x] Allergènes non renseignés',
      '[ ] Aucun des 14 allergènes',
      '[ ] Contient :',
      ...[
        'Gluten',
        'Crustacés',
        'Œufs',
        'Poisson',
        'Arachides',
        'Soja',
        'Lait',
        'Fruits à coque',
        'Céleri',
        'Moutarde',
        'Sésame',
        'Sulfites',
        'Lupin',
        'Mollusques',
      ].map((name) => `[ ] ${name}`),
    ]);
  });

  it('ticks the allergens only under « Contient », and says what to correct', () => {
    const listed = controls(
      renderToStaticMarkup(
        <AllergensFieldset
          value={{ mode: 'listed', allergens: ['milk', 'eggs'] }}
          onChange={() => undefined}
        />,
      ),
    );
    expect(listed.filter((c) => c.startsWith('[x]'))).toEqual(['[x] Contient :', '[x] Œufs', '[x] Lait']);
    const none = controls(
      renderToStaticMarkup(
        <AllergensFieldset value={{ mode: 'none', allergens: ['milk'] }} onChange={() => undefined} />,
      ),
    );
    expect(none.filter((c) => c.startsWith('[x]'))).toEqual(['[x] Aucun des 14 allergènes']);
    const wrong = renderToStaticMarkup(
      <AllergensFieldset
        value={{ mode: 'listed', allergens: [] }}
        onChange={() => undefined}
        error="Cochez les allergènes du plat."
      />,
    );
    expect(wrong).toContain('Cochez les allergènes du plat.');
    expect(wrong.match(/aria-invalid="true"/g)).toHaveLength(14);
  });

  it('says the diets in French', () => {
    const html = renderToStaticMarkup(
      <DietsFieldset value={['vegetarian', 'vegan']} onChange={() => undefined} />,
    );
    expect(controls(html)).toEqual(['[x] Végétarien', '[x] Végan', '[ ] Halal', '[ ] Casher']);
    expect(html).toContain('Un plat végan est aussi végétarien.');
  });
});
