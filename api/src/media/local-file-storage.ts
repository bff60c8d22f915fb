import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { FileStorage } from './file-storage.js';

/** Files under one folder of the local disk; keys are checked by the callers (generated names only). */
export function createLocalFileStorage(root: string): FileStorage & { root: string } {
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    kind: 'local',
    root,
    async put(key, body) {
      await mkdir(path.dirname(fileOf(key)), { recursive: true });
      await writeFile(fileOf(key), body);
    },
    async get(key) {
      const found = await stat(fileOf(key)).catch(() => undefined);
      if (!found?.isFile()) return undefined;
      return {
        body: createReadStream(fileOf(key)),
        contentType: undefined,
        contentLength: found.size,
        etag: undefined,
        lastModified: found.mtime,
      };
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    close() {},
  };
}
