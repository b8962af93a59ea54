import { describe, expect, it } from 'vitest';
import { teamDetachText } from './claim-page';

describe('what a detached owner reads in its space', () => {
  it('says when the team detached it from which page, and what it can do', () => {
    const { what, next } = teamDetachText({
      at: '2026-11-26T20:22:00Z',
      name: 'Le Comptoir',
      pageDeleted: false,
    });
    expect(what).toBe(
      'L’équipe a détaché votre compte de la page du Comptoir le jeudi 26 novembre 2026 à 21 h 22 : vous ne pouvez plus la modifier.',
    );
    expect(next).toMatch(/^Si vous pensez qu’il s’agit d’une erreur, écrivez à l’équipe\./);
  });

  it('says the page was deleted when it was', () => {
    expect(
      teamDetachText({ at: '2026-11-26T20:22:00Z', name: 'Les Burgers de Fanny', pageDeleted: true }).what,
    ).toBe(
      'L’équipe a supprimé la page des Burgers de Fanny le jeudi 26 novembre 2026 à 21 h 22 : votre compte n’est plus rattaché à aucun établissement.',
    );
  });
});
