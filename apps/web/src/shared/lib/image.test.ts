import { describe, expect, it } from 'vitest';
import { fitScale, IMAGE_MAX_BYTES, imageProblem, shouldReencode } from './image';

describe('image checks before upload', () => {
  it('takes JPEG, PNG and WebP up to 5 MB', () => {
    expect(imageProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'image/png', size: IMAGE_MAX_BYTES })).toBeNull();
    expect(imageProblem({ type: 'image/webp', size: 10 })).toBeNull();
  });

  it('names the problem of other files', () => {
    expect(imageProblem({ type: 'application/pdf', size: 1000 })).toBe('type');
    expect(imageProblem({ type: 'image/jpeg', size: IMAGE_MAX_BYTES + 1 })).toBe('size');
    expect(imageProblem({ type: 'image/png', size: 0 })).toBe('size');
  });

  it('re-encodes large photos and HEIC, never documents', () => {
    expect(shouldReencode({ type: 'image/jpeg', size: IMAGE_MAX_BYTES + 1 })).toBe(true);
    expect(shouldReencode({ type: 'image/heic', size: 2_000_000 })).toBe(true);
    expect(shouldReencode({ type: 'application/pdf', size: 2_000_000 })).toBe(false);
    expect(shouldReencode({ type: 'image/png', size: 1000 })).toBe(false);
  });

  it('shrinks the longest side to the limit without enlarging', () => {
    expect(fitScale(4800, 3600, 2400)).toBe(0.5);
    expect(fitScale(1200, 800, 2400)).toBe(1);
  });
});
