import { describe, expect, it } from 'vitest';
import { KIND_CHIP_LABELS, VENUE_TYPE_CHIP_LABELS } from '../map/home-panel';
import { circleBounds, embedIframeCode, mayBeGroupId, parseEmbedQuery } from './embed-paths';
import { isEmbedPath } from './is-embed-path';

const labels = { kinds: KIND_CHIP_LABELS, venueTypes: VENUE_TYPE_CHIP_LABELS };
const parse = (search: string) => parseEmbedQuery(new URLSearchParams(search), labels);

describe('the embedded map’s address', () => {
  it('reads the group, the category by its slug or its chip’s name, and the town', () => {
    expect(parse('groupe=ABC&ville=%20Lyon%20')).toEqual({ groupId: 'abc', category: null, town: 'Lyon' });
    expect(parse('categorie=creperie').category).toEqual({ kinds: [], venueTypes: ['creperie'] });
    expect(parse('categorie=Crêperies').category).toEqual({ kinds: [], venueTypes: ['creperie'] });
    expect(parse('categorie=food-truck').category).toEqual({ kinds: [], venueTypes: ['food-truck'] });
    expect(parse('categorie=remplis%20vert').category).toEqual({ kinds: ['remplisvert'], venueTypes: [] });
    expect(parse('categorie=restaurant').category).toEqual({ kinds: ['restaurant'], venueTypes: [] });
    expect(parse('categorie=inconnue').category).toBeNull();
    expect(parse('').groupId).toBeNull();
    expect(mayBeGroupId('eabdb387-44d7-4557-b66d-b5b61d35cc00')).toBe(true);
    expect(mayBeGroupId('pas-un-id')).toBe(false);
  });

  it('is its own path only, a trailing slash aside', () => {
    expect(isEmbedPath('/integrer/carte')).toBe(true);
    expect(isEmbedPath('/integrer/carte/')).toBe(true);
    expect(isEmbedPath('/integrer')).toBe(false);
    expect(isEmbedPath('/')).toBe(false);
  });

  it('gives the iframe code on the public address, the group’s name escaped', () => {
    expect(embedIframeCode('https://tables.example/', { id: 'g1', name: 'Les « Bons » & "Co"' })).toBe(
      '<iframe src="https://tables.example/integrer/carte?groupe=g1" width="100%" height="480" ' +
        'style="border:0" title="Carte des membres de Les « Bons » &amp; &quot;Co&quot;" loading="lazy"></iframe>',
    );
  });

  it('frames the group’s circle', () => {
    const box = circleBounds({ latitude: 45, longitude: 5, radius: 11.132 });
    expect(box.northEast.latitude).toBeCloseTo(45.1, 5);
    expect(box.southWest.longitude).toBeCloseTo(5 - 0.1 / Math.cos(Math.PI / 4), 5);
  });
});
