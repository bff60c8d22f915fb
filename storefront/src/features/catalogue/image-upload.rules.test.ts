import { describe, expect, it } from '@jest/globals';

import { ApiError } from '../../lib/api-client';
import { checkImageFile, describeUploadError } from './image-upload.rules';

const MIB = 1024 * 1024;
const file = (type: string, size: number) => ({ type, size }) as File;

describe('the storefront image pre-check', () => {
  it('asks for an image under 5 MB (exactly 5 MiB is refused)', () => {
    expect(checkImageFile(file('text/plain', 10))).toBe('Please select an image file');
    expect(checkImageFile(file('image/png', 5 * MIB))).toBe('Image must be less than 5MB');
    expect(checkImageFile(file('image/png', 5 * MIB - 1))).toBeNull();
  });

  it("shows the server's refusal (400, 413), else 'Upload failed'", () => {
    expect(describeUploadError(new ApiError(413, 'IMAGE_TOO_LARGE', 'Image must be less than 5MB'))).toBe(
      'Image must be less than 5MB',
    );
    expect(describeUploadError(new ApiError(500, 'INTERNAL', 'boom'))).toBe('Upload failed');
    expect(describeUploadError(new Error('offline'))).toBe('Upload failed');
  });
});
