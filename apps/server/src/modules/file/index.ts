import path from 'node:path';
import { fileCalls, UPLOAD_PATH_PATTERN, UPLOAD_URL_PREFIX } from '@juqi/contract';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { LocalFileStorage, type FileStorage } from '../../lib/storage';
import { isImageExtension } from './content';
import { dispositionOf, fileHeaders, parseRange, sendObject } from './http';
import { FileService } from './service';

export interface FileModuleOptions {
  /** Where files are kept; `DATA_DIR/uploads` on the local disk by default. */
  storage?: FileStorage;
}

export function createFileModule(options: FileModuleOptions = {}): ServerModule {
  return {
    name: 'file',
    routes: async (app) => {
      const service = new FileService(app.database.db, {
        storage: options.storage ?? new LocalFileStorage(path.join(app.config.dataDir, 'uploads')),
        stagingDir: path.join(app.config.dataDir, 'tmp', 'uploads'),
        clock: app.clock,
        log: app.log,
      });
      service.sweepStaging().catch((err: unknown) => app.log.warn({ err }, 'could not sweep the upload staging folder'));

      route(app, fileCalls.save, ({ request, principal }) => {
        if (!request.isMultipart()) throw AppError.invalid('file', 'send the file as multipart/form-data');
        return service.save(request.parts(), principal!.staffId);
      });

      route(app, fileCalls.remove, async ({ body, principal }) => {
        await service.remove(body.path, principal!);
        return null;
      });

      route(app, fileCalls.download, async ({ body, reply }) => {
        const row = await service.find(body.path);
        const object = await service.read(row);
        fileHeaders(reply, row, 'attachment').header('cache-control', 'no-store');
        sendObject(reply, object);
        return null;
      });

      route(app, fileCalls.downloadImage, async ({ body, reply }) => {
        const row = await service.find(body.path);
        if (!isImageExtension(row.ext)) throw AppError.invalid('path', 'not an image');
        const object = await service.read(row);
        fileHeaders(reply, row, 'attachment').header('cache-control', 'no-store');
        sendObject(reply, object);
        return null;
      });

      // Public by design (see docs/help-and-files.md): <img> tags and the sign-in page's logo load these without a
      // token; the 128-bit random names are the capability. Only server-made paths are looked up.
      app.route({
        method: 'GET',
        url: `${UPLOAD_URL_PREFIX}*`,
        config: { permission: 'public' },
        schema: {
          summary: 'An uploaded file by its path: images inline, everything else as an attachment; single byte ranges',
          description: 'Permission: public (the path is an unguessable name made by the server)',
          tags: ['file'],
        },
        handler: async (request, reply) => {
          const key = (request.params as { '*'?: string })['*'] ?? '';
          if (!UPLOAD_PATH_PATTERN.test(key)) throw AppError.notFound();
          const row = await service.find(key);
          const range = parseRange(request.headers.range, row.size);
          fileHeaders(reply, row, dispositionOf(row))
            .header('accept-ranges', 'bytes')
            .header('cache-control', 'private, max-age=86400')
            .header('last-modified', row.createdAt.toUTCString());
          if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${row.size}`).send();
          return sendObject(reply, await service.read(row, range), range);
        },
      });
    },
  };
}

export const fileModule = createFileModule();
