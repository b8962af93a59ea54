import { describe, expect, it } from 'vitest';
import { isEstablishmentPath, isPhotoRequest, isStartPagePath } from './sw-routes';

const origin = 'https://tables.example';

describe('what the service worker keeps for offline reading', () => {
  it('keeps establishment pages, their data files and their public record', () => {
    expect(isEstablishmentPath('/restaurant/chez-jo-a-lyon')).toBe(true);
    expect(isEstablishmentPath('/remplisvert/pourquoi-pas-%3F-a-lyon')).toBe(true);
    expect(isEstablishmentPath('/restaurant/chez-jo-a-lyon.data')).toBe(true);
    expect(isEstablishmentPath('/establishment/3f2a/public')).toBe(true);
  });

  it('leaves the map, the signed-in areas and the API to the network', () => {
    expect(isEstablishmentPath('/')).toBe(false);
    expect(isEstablishmentPath('/admin/establishments')).toBe(false);
    expect(isEstablishmentPath('/api/establishments/')).toBe(false);
    expect(isEstablishmentPath('/restaurant/x/y')).toBe(false);
  });

  it('keeps the map page, its data file and the map feed, nothing else of the map', () => {
    expect(isStartPagePath('/')).toBe(true);
    expect(isStartPagePath('/_root.data')).toBe(true);
    expect(isStartPagePath('/api/map/feed')).toBe(true);
    expect(isStartPagePath('/api/map/points')).toBe(false);
    expect(isStartPagePath('/menuboards/surrounding')).toBe(false);
    expect(isStartPagePath('/espace-restaurateur')).toBe(false);
  });

  it('keeps photos from this origin and images from object storage', () => {
    expect(isPhotoRequest(new URL('/media/a.webp', origin), 'image', origin)).toBe(true);
    expect(isPhotoRequest(new URL('/uploads/a.webp', origin), '', origin)).toBe(true);
    expect(isPhotoRequest(new URL('https://cdn.example/p/a.jpg'), 'image', origin)).toBe(true);
    expect(isPhotoRequest(new URL('https://tiles.example/1/2/3.pbf'), '', origin)).toBe(false);
    expect(isPhotoRequest(new URL('/favicon.svg', origin), 'image', origin)).toBe(false);
  });
});
