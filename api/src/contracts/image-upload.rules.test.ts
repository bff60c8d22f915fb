import { describe, expect, it } from '@jest/globals';

import { IMAGE_SIZE_LIMIT_BYTES, imageFileProblem } from './image-upload.rules.js';

const MIB = 1024 * 1024;

describe('the product-image rule', () => {
  it.each([
    [1, null],
    [5 * MIB - 1, null],
    [5 * MIB, 'Image must be less than 5MB'],
    [5 * MIB + 1, 'Image must be less than 5MB'],
  ])('an image of %i bytes gives %p', (size, expected) => {
    expect(imageFileProblem({ type: 'image/png', size })).toBe(expected);
  });

  it('the limit is 5 MiB, refused itself', () => {
    expect(IMAGE_SIZE_LIMIT_BYTES).toBe(5 * MIB);
  });

  it('a file that is not an image is refused before its size is looked at', () => {
    expect(imageFileProblem({ type: 'application/pdf', size: 10 * MIB })).toBe('Please select an image file');
    expect(imageFileProblem({ type: '', size: 10 })).toBe('Please select an image file');
  });
});
