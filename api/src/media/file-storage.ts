import type { Readable } from 'node:stream';

import type { AppConfig } from '../config.js';
import { createLocalFileStorage } from './local-file-storage.js';
import { createS3FileStorage } from './s3-file-storage.js';

/** A stored file as served: its bytes as a stream and what the response says about them. */
export interface StoredFile {
  body: Readable;
  contentType: string | undefined;
  contentLength: number | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/**
 * Where uploaded files live, by key ('product-images/<uuid>.webp'): the local disk (one machine)
 * or an S3-compatible bucket (every instance sees the same files). Either way they are served from
 * the portal's own origin under /media.
 */
export interface FileStorage {
  kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Undefined when there is no such file; `ifNoneMatch` matching its ETag gives 'not-modified'. */
  get(key: string, options?: { ifNoneMatch?: string }): Promise<StoredFile | 'not-modified' | undefined>;
  /** Removes the file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  close(): void;
}

export function createFileStorage(config: AppConfig): FileStorage {
  return config.objectStorage ? createS3FileStorage(config.objectStorage) : createLocalFileStorage(config.storageDir);
}
