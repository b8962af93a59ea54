import { describe, expect, it } from 'vitest';
import { photoFileProblem } from './upload-photo';

describe('choosing a photo', () => {
  it('accepts JPEG, PNG and WebP up to 10 MB, and says why otherwise', () => {
    expect(photoFileProblem({ type: 'image/jpeg', size: 2_000_000 })).toBeNull();
    expect(photoFileProblem({ type: 'image/webp', size: 10 * 1024 * 1024 })).toBeNull();
    expect(photoFileProblem({ type: 'image/gif', size: 1000 })).toBe(
      'Choisissez une photo au format JPEG, PNG ou WebP.',
    );
    expect(photoFileProblem({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(
      'La photo dépasse 10 Mo : choisissez une image plus légère.',
    );
  });
});
