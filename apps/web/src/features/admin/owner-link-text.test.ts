import { describe, expect, it } from 'vitest';
import {
  establishmentLabel,
  ofEstablishment,
  establishmentOwnerQuestion,
  ownerEstablishmentQuestion,
} from './owner-link-text';

describe('what the establishment form asks before changing its owner', () => {
  it('names the owner who loses the page, and says an e-mail will tell it', () => {
    const question = establishmentOwnerQuestion({
      current: 'gerante@example.fr',
      picked: 'repreneur@example.fr',
      pickedLeaves: null,
    });
    expect(question?.title).toBe('Changer de restaurateur ?');
    expect(question?.text).toBe(
      'Cet établissement est rattaché à gerante@example.fr. En enregistrant, il sera rattaché à repreneur@example.fr, et gerante@example.fr n’aura plus accès à sa page. Un e-mail l’en informera. Le code de réclamation sera renouvelé.',
    );
  });

  it('asks before detaching, and before moving an owner away from its own establishment', () => {
    expect(
      establishmentOwnerQuestion({
        current: 'gerante@example.fr',
        picked: null,
        pickedLeaves: null,
        claimEmail: 'contact@le-zinc.fr',
      })?.text,
    ).toBe(
      'En enregistrant, gerante@example.fr n’aura plus accès à la page de cet établissement. Un e-mail l’en informera. Son code de réclamation sera renouvelé : l’ancien ne fonctionnera plus, et le nouveau ne pourra être envoyé qu’à contact@le-zinc.fr.',
    );
    expect(
      establishmentOwnerQuestion({
        current: 'g@example.fr',
        picked: null,
        pickedLeaves: null,
        claimEmail: null,
      })?.text,
    ).toMatch(
      /le nouveau ne sera envoyé à personne \(l’équipe ne connaît aucune adresse de l’établissement\)\.$/,
    );
    expect(
      establishmentOwnerQuestion({
        current: null,
        picked: 'repreneur@example.fr',
        pickedLeaves: '« Le Zinc » (Lyon)',
      })?.text,
    ).toBe(
      'En enregistrant, cet établissement sera rattaché à repreneur@example.fr. repreneur@example.fr quittera aussi « Le Zinc » (Lyon), qui n’aura plus de restaurateur.',
    );
  });

  it('asks nothing when nobody loses a page', () => {
    expect(
      establishmentOwnerQuestion({ current: null, picked: 'a@example.fr', pickedLeaves: null }),
    ).toBeNull();
  });
});

describe('what the owner form asks before changing its establishment', () => {
  it('names the owner the picked establishment has, who will lose it', () => {
    expect(
      ownerEstablishmentQuestion({
        owner: 'gerante@example.fr',
        current: null,
        picked: '« Le Zinc » (Lyon)',
        pickedOwner: 'repreneur@example.fr',
      })?.text,
    ).toBe(
      '« Le Zinc » (Lyon) est rattaché à repreneur@example.fr. En enregistrant, il sera rattaché à gerante@example.fr, et repreneur@example.fr n’aura plus accès à sa page. Un e-mail l’en informera. Son code de réclamation sera renouvelé.',
    );
  });

  it('asks before detaching, naming the page as French contracts it, and nothing for an establishment without owner', () => {
    const question = ownerEstablishmentQuestion({
      owner: 'g@example.fr',
      current: ofEstablishment({ name: 'Le Zinc', address: { town: 'Lyon' } }),
      picked: null,
      pickedOwner: null,
      claimEmail: null,
    });
    expect(question?.title).toBe('Détacher l’établissement ?');
    expect(question?.text).toBe(
      'En enregistrant, g@example.fr n’aura plus accès à la page du Zinc (Lyon). Un e-mail l’en informera. Son code de réclamation sera renouvelé : l’ancien ne fonctionnera plus, et le nouveau ne sera envoyé à personne (l’équipe ne connaît aucune adresse de l’établissement).',
    );
    expect(
      ownerEstablishmentQuestion({
        owner: 'g@example.fr',
        current: null,
        picked: '« Le Zinc »',
        pickedOwner: null,
      }),
    ).toBeNull();
  });

  it('names an establishment by its name and town', () => {
    expect(establishmentLabel({ name: 'Le Zinc', address: { town: 'Lyon' } })).toBe('« Le Zinc » (Lyon)');
    expect(establishmentLabel(undefined)).toBe('cet établissement');
    expect(ofEstablishment({ name: 'Les Burgers de Fanny', address: { town: 'Riom' } })).toBe(
      'des Burgers de Fanny (Riom)',
    );
    expect(ofEstablishment({ name: 'Athéna' })).toBe('d’Athéna');
    expect(ofEstablishment(null)).toBe('de cet établissement');
  });
});
