import { describe, expect, it } from 'vitest';
import { defaultAfterRemoving, imageIdsToSave, type PickedImage } from './picked-images';

const stored = (key: string): PickedImage => ({
  key,
  id: `id-${key}`,
  url: `/images/id-${key}`,
  progress: 100,
  error: null,
});
const failed = (key: string): PickedImage => ({ key, id: null, url: 'blob:x', progress: 40, error: 'Upload failed' });

describe('imageIdsToSave', () => {
  it('puts the Main image first and keeps the others in order', () => {
    expect(imageIdsToSave([stored('a'), stored('b'), stored('c')], 2)).toEqual(['id-c', 'id-a', 'id-b']);
  });

  it('keeps Main on the picture chosen when a failed upload comes before it', () => {
    expect(imageIdsToSave([failed('x'), stored('a'), stored('b')], 2)).toEqual(['id-b', 'id-a']);
  });

  it('falls back to the first stored image when Main did not upload, and saves none when none did', () => {
    expect(imageIdsToSave([stored('a'), failed('x'), stored('b')], 1)).toEqual(['id-a', 'id-b']);
    expect(imageIdsToSave([failed('x')], 0)).toEqual([]);
    expect(imageIdsToSave([], 0)).toEqual([]);
  });
});

describe('defaultAfterRemoving', () => {
  it('follows Main when an image before it goes', () => {
    expect(defaultAfterRemoving(0, 2, 3)).toBe(1);
  });

  it('resets Main to the first when its index falls out of range (spec 001 section 5)', () => {
    expect(defaultAfterRemoving(2, 2, 3)).toBe(0);
    expect(defaultAfterRemoving(1, 1, 2)).toBe(0);
  });

  it('keeps Main when an image after it goes', () => {
    expect(defaultAfterRemoving(2, 0, 3)).toBe(0);
  });
});
