import { describe, expect, it } from 'vitest';
import { isKeptDocumentPath, isKeptPagePath, isPhotoRequest, isStartPagePath } from './sw-routes';

const origin = 'https://tables.example';

describe('what the service worker keeps for offline reading', () => {
  it('keeps establishment pages, their data files and their public record', () => {
    expect(isKeptPagePath('/restaurant/chez-jo-a-lyon')).toBe(true);
    expect(isKeptPagePath('/remplisvert/pourquoi-pas-%3F-a-lyon')).toBe(true);
    expect(isKeptPagePath('/restaurant/chez-jo-a-lyon.data')).toBe(true);
    expect(isKeptPagePath('/establishment/3f2a/public')).toBe(true);
  });

  it('keeps the other public pages a visitor reads and their data files: report, contact, open data', () => {
    expect(isKeptPagePath('/restaurant/chez-jo-a-lyon/signaler')).toBe(true);
    expect(isKeptPagePath('/remplisvert/au-52-a-issoudun/signaler.data')).toBe(true);
    expect(isKeptPagePath('/contact')).toBe(true);
    expect(isKeptPagePath('/contact.data')).toBe(true);
    expect(isKeptPagePath('/donnees-ouvertes')).toBe(true);
    expect(isKeptPagePath('/donnees-ouvertes.data')).toBe(true);
  });

  it('leaves the map, the signed-in areas, the frames’ map and the API to their own rules', () => {
    expect(isKeptPagePath('/')).toBe(false);
    expect(isKeptPagePath('/admin/establishments')).toBe(false);
    expect(isKeptPagePath('/espace-restaurateur')).toBe(false);
    expect(isKeptPagePath('/espace-restaurateur/ma-page.data')).toBe(false);
    expect(isKeptPagePath('/integrer/carte')).toBe(false);
    expect(isKeptPagePath('/api/establishments/')).toBe(false);
    expect(isKeptPagePath('/api/open-data/establishments.csv')).toBe(false);
    expect(isKeptPagePath('/restaurant/x/y')).toBe(false);
    expect(isKeptPagePath('/restaurant/x/signaler/y')).toBe(false);
    expect(isKeptPagePath('/contact/x')).toBe(false);
  });

  it('hands the worker a page’s document after a navigation inside the app, not its data file', () => {
    expect(isKeptDocumentPath('/restaurant/chez-jo-a-lyon')).toBe(true);
    expect(isKeptDocumentPath('/restaurant/chez-jo-a-lyon/signaler')).toBe(true);
    expect(isKeptDocumentPath('/contact')).toBe(true);
    expect(isKeptDocumentPath('/donnees-ouvertes')).toBe(true);
    expect(isKeptDocumentPath('/donnees-ouvertes.data')).toBe(false);
    expect(isKeptDocumentPath('/establishment/3f2a/public')).toBe(false);
    expect(isKeptDocumentPath('/')).toBe(false);
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
