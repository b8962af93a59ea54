import { describe, expect, it } from 'vitest';
import {
  establishmentLabel,
  ofEstablishment,
  establishmentOwnerQuestion,
  ownerDeletionQuestion,
  ownerEstablishmentQuestion,
} from './owner-link-text';

describe('what the establishment form asks before changing its owner', () => {
  it('names the owner who loses the page, says an e-mail will tell it and where the new code goes', () => {
    const question = establishmentOwnerQuestion({
      current: 'gerante@example.fr',
      picked: 'repreneur@example.fr',
      pickedLeaves: null,
      claimEmail: 'contact@le-zinc.fr',
    });
    expect(question?.title).toBe('Changer de restaurateur ?');
    expect(question?.text).toBe(
      'Cet établissement est rattaché à gerante@example.fr. En enregistrant, il sera rattaché à repreneur@example.fr, et gerante@example.fr n’aura plus accès à sa page. Un e-mail l’en informera. Son code de réclamation sera renouvelé : l’ancien ne fonctionnera plus, et le nouveau ne pourra être envoyé qu’à contact@le-zinc.fr.',
    );
    // The code's address not shown to this admin: the renewal is said all the same.
    expect(
      establishmentOwnerQuestion({
        current: 'gerante@example.fr',
        picked: 'repreneur@example.fr',
        pickedLeaves: '«\u00a0Le Zinc\u00a0» (Lyon)',
      })?.text,
    ).toMatch(
      /Son code de réclamation sera renouvelé : l’ancien ne fonctionnera plus\. repreneur@example\.fr quittera aussi «\u00a0Le Zinc\u00a0» \(Lyon\), qui n’aura plus de restaurateur\.$/,
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
      /le nouveau ne sera envoyé à personne : l’équipe ne connaît aucune adresse de l’établissement, c’est à elle de le lui transmettre\.$/,
    );
    expect(
      establishmentOwnerQuestion({
        current: null,
        picked: 'repreneur@example.fr',
        pickedLeaves: '«\u00a0Le Zinc\u00a0» (Lyon)',
      })?.text,
    ).toBe(
      'En enregistrant, cet établissement sera rattaché à repreneur@example.fr. repreneur@example.fr quittera aussi «\u00a0Le Zinc\u00a0» (Lyon), qui n’aura plus de restaurateur.',
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
        picked: '«\u00a0Le Zinc\u00a0» (Lyon)',
        pickedOwner: 'repreneur@example.fr',
      })?.text,
    ).toBe(
      '«\u00a0Le Zinc\u00a0» (Lyon) est rattaché à repreneur@example.fr. En enregistrant, il sera rattaché à gerante@example.fr, et repreneur@example.fr n’aura plus accès à sa page. Un e-mail l’en informera. Son code de réclamation sera renouvelé.',
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
      'En enregistrant, g@example.fr n’aura plus accès à la page du Zinc (Lyon). Un e-mail l’en informera. Son code de réclamation sera renouvelé : l’ancien ne fonctionnera plus, et le nouveau ne sera envoyé à personne : l’équipe ne connaît aucune adresse de l’établissement, c’est à elle de le lui transmettre.',
    );
    expect(
      ownerEstablishmentQuestion({
        owner: 'g@example.fr',
        current: null,
        picked: '«\u00a0Le Zinc\u00a0»',
        pickedOwner: null,
      }),
    ).toBeNull();
  });

  it('names an establishment by its name and town', () => {
    expect(establishmentLabel({ name: 'Le Zinc', address: { town: 'Lyon' } })).toBe(
      '«\u00a0Le Zinc\u00a0» (Lyon)',
    );
    expect(establishmentLabel(undefined)).toBe('cet établissement');
    expect(ofEstablishment({ name: 'Les Burgers de Fanny', address: { town: 'Riom' } })).toBe(
      'des Burgers de Fanny (Riom)',
    );
    expect(ofEstablishment({ name: 'Athéna' })).toBe('d’Athéna');
    expect(ofEstablishment(null)).toBe('de cet établissement');
  });
});

describe('what the back office says before deleting an owner’s account', () => {
  it('names the account, the page it leaves as French says it, its renewed code, and that nobody is mailed', () => {
    const question = ownerDeletionQuestion({
      owner: 'lea@le-comptoir.fr',
      name: 'Léa Martin',
      establishment: ofEstablishment({ name: 'Le Comptoir', address: { town: 'Lyon' } }),
      claimEmail: 'contact@le-comptoir.fr',
    });
    expect(question.title).toBe('Supprimer le compte lea@le-comptoir.fr ?');
    expect(question.lines).toEqual([
      'Léa Martin (lea@le-comptoir.fr) ne pourra plus se connecter : son compte restaurateur sera supprimé.',
      'Ce compte sera détaché de la page du Comptoir (Lyon), qui n’aura plus de restaurateur. Son code de réclamation sera renouvelé : l’ancien ne fonctionnera plus, et le nouveau ne pourra être envoyé qu’à contact@le-comptoir.fr.',
      'Le restaurateur en sera prévenu par e-mail.',
      'La suppression est définitive.',
    ]);
  });

  it('says who hands the code when the team knows no address, and nothing of a page the account has not', () => {
    expect(
      ownerDeletionQuestion({
        owner: 'g@example.fr',
        name: '',
        establishment: ofEstablishment({ name: 'Athéna', address: { town: 'Nice' } }),
        claimEmail: null,
      }).lines.slice(0, 2),
    ).toEqual([
      'g@example.fr ne pourra plus se connecter : son compte restaurateur sera supprimé.',
      'Ce compte sera détaché de la page d’Athéna (Nice), qui n’aura plus de restaurateur. Son code de réclamation sera renouvelé : l’ancien ne fonctionnera plus, et le nouveau ne sera envoyé à personne : l’équipe ne connaît aucune adresse de l’établissement, c’est à elle de le lui transmettre.',
    ]);
    expect(
      ownerDeletionQuestion({ owner: 'g@example.fr', name: 'Gaël Roux', establishment: null }).lines[1],
    ).toBe('Aucun établissement n’est rattaché à ce compte.');
  });
});
