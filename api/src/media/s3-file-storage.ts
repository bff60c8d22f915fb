import type { Readable } from 'node:stream';

import type { S3Client } from '@aws-sdk/client-s3';

import type { AppConfig } from '../config.js';
import type { FileStorage } from './file-storage.js';

type S3Settings = NonNullable<AppConfig['objectStorage']>;
type S3Module = typeof import('@aws-sdk/client-s3');

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2 …). The SDK is loaded on first use,
 * so a portal on the local disk never loads it.
 */
export function createS3FileStorage(settings: S3Settings): FileStorage {
  let connecting: Promise<{ sdk: S3Module; client: S3Client }> | undefined;
  const connect = () =>
    (connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: settings.credentials,
        // Checksums only where S3 requires them: several S3-compatible servers reject the newer ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async get(key, options = {}) {
      const { sdk, client } = await connect();
      try {
        const found = await client.send(
          new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: key, IfNoneMatch: options.ifNoneMatch }),
        );
        return {
          body: found.Body as Readable,
          contentType: found.ContentType,
          contentLength: found.ContentLength,
          etag: found.ETag,
          lastModified: found.LastModified,
        };
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 304) return 'not-modified';
        if (status === 404 || error instanceof sdk.NoSuchKey) return undefined;
        throw error;
      }
    },
    async remove(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
    close() {
      void connecting?.then(({ client }) => client.destroy());
    },
  };
}
