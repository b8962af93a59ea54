import { describe, expect, it } from 'vitest';
import { photoVariantUrl } from './photo-variants';

const id = '0b7c2a9e-1f4d-4c1b-9a55-3d1e2f6a7b8c';

describe('photo variant addresses', () => {
  it('names the copies of an uploaded photo beside it, on disk or in a bucket', () => {
    expect(photoVariantUrl(`/media/${id}.jpg`, 'card')).toBe(`/media/${id}-card.webp`);
    expect(photoVariantUrl(`/media/${id}.png`, 'page')).toBe(`/media/${id}-page.webp`);
    expect(photoVariantUrl(`/media/${id}.jpg`, 'medium')).toBe(`/media/${id}-medium.webp`);
    expect(photoVariantUrl(`https://cdn.example.fr/photos/${id}.webp`, 'social')).toBe(
      `https://cdn.example.fr/photos/${id}-social.webp`,
    );
  });

  it('answers null for a photo that was not uploaded here', () => {
    expect(photoVariantUrl('https://example.fr/photo.jpg', 'card')).toBeNull();
    expect(photoVariantUrl(`/media/${id}-card.webp`, 'page')).toBeNull();
    expect(photoVariantUrl(`/media/${id}.gif`, 'page')).toBeNull();
  });
});
