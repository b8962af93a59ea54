import { describe, expect, it } from 'vitest';
import { deletionQuestion } from './establishment-delete-text';

describe('what the back office says before deleting an establishment', () => {
  it('names the owner, the boards, the photo and what the posters will show', () => {
    const { title, lines } = deletionQuestion({
      name: 'Le Zinc',
      path: '/restaurant/le-zinc-a-lyon',
      previousAddresses: 1,
      owner: 'gerante@example.fr',
      boards: 12,
      hasPhoto: true,
      closedForGood: false,
    });
    expect(title).toBe('Supprimer «\u00a0Le Zinc\u00a0»\u00a0?');
    expect(lines).toEqual([
      'gerante@example.fr perdra l’accès à cette page et en sera prévenu par e-mail.',
      '12 ardoises seront supprimées.',
      'Sa photo sera supprimée.',
      'Les affiches imprimées avec son adresse (/restaurant/le-zinc-a-lyon et 1 ancienne adresse) afficheront «\u00a0Cette page n’existe plus\u00a0», avec des établissements proches. Ces adresses ne seront jamais données à un autre établissement.',
      'Si l’établissement a fermé, préférez «\u00a0Fermé définitivement\u00a0» (onglet Général) : ses affiches diront «\u00a0Ce restaurant a fermé\u00a0» et son restaurateur gardera l’accès à sa page.',
      'La suppression est définitive.',
    ]);
  });

  it('says there is nothing of the kind when there is none', () => {
    const { lines } = deletionQuestion({
      name: 'Le Vide',
      path: '/restaurant/le-vide-a-caen',
      previousAddresses: 0,
      owner: null,
      boards: 1,
      hasPhoto: false,
      closedForGood: true,
    });
    expect(lines.slice(0, 4)).toEqual([
      'Aucun restaurateur n’est rattaché à cette page.',
      '1 ardoise sera supprimée.',
      'Elle n’a pas de photo.',
      'Les affiches imprimées avec son adresse (/restaurant/le-vide-a-caen) afficheront «\u00a0Cette page n’existe plus\u00a0», avec des établissements proches. Ces adresses ne seront jamais données à un autre établissement.',
    ]);
    expect(lines.join(' ')).not.toContain('préférez');
  });
});
