import path from 'node:path';
import { fileCalls, TOKEN_COOKIE, UPLOAD_PATH_PATTERN, UPLOAD_URL_PREFIX } from '@juqi/contract';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import { isImageExtension } from '../../lib/file-content';
import type { AccessServices, Principal } from '../../lib/http/types';
import { route } from '../../lib/http/route';
import type { ServerFileStore, ServerModule } from '../../lib/module';
import { LocalFileStorage, type FileStorage } from '../../lib/storage';
import { dispositionOf, fileHeaders, parseRange, sendObject } from './http';
import { FileRepository } from './repository';
import { FileService, keepServerFile, mayRead, NOT_MULTIPART } from './service';

export interface FileModuleOptions {
  /** Where files are kept; `DATA_DIR/uploads` on the local disk by default. */
  storage?: FileStorage;
}

/** The default storage: `DATA_DIR/uploads`. */
const localUploads = (dataDir: string) => new LocalFileStorage(path.join(dataDir, 'uploads'));

/** For seeds: stores the files they ship in the default storage of that data folder. */
export function serverFileStore(db: Executor, dataDir: string): ServerFileStore {
  const repo = new FileRepository(db);
  const storage = localUploads(dataDir);
  return { keep: (file) => keepServerFile(repo, storage, file) };
}

/**
 * Who asks for a file under `/uploads`: the staff of the X-Token header or of the token cookie, or nobody (no token, or
 * one that no longer resolves). Taking the cookie is safe here: a GET of a file changes nothing, so a request another
 * site makes the browser send can do no harm, and the answer stays unreadable to it (Cross-Origin-Resource-Policy).
 */
async function callerOf(request: FastifyRequest, access: AccessServices): Promise<Principal | null> {
  const header = request.headers['x-token'];
  const token = (typeof header === 'string' && header) || request.cookies[TOKEN_COOKIE];
  if (!token || !access.resolveSession) return null;
  try {
    return await access.resolveSession(token);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

export function createFileModule(options: FileModuleOptions = {}): ServerModule {
  return {
    name: 'file',
    routes: async (app) => {
      const service = new FileService(app.database.db, {
        storage: options.storage ?? localUploads(app.config.dataDir),
        stagingDir: path.join(app.config.dataDir, 'tmp', 'uploads'),
        clock: app.clock,
        log: app.log,
      });
      service.sweepStaging().catch((err: unknown) => app.log.warn({ err }, 'could not sweep the upload staging folder'));

      // For the user module's checked call, which decides who may read identity documents.
      app.access.files = {
        send: async (reply, filePath, scope) => {
          const row = await service.find(filePath);
          if (row.scope !== scope) throw AppError.notFound();
          const object = await service.read(row);
          fileHeaders(reply, row, dispositionOf(row)).header('cache-control', 'no-store');
          sendObject(reply, object);
        },
        storePart: async (part, stored) => (await service.storePart(part, stored)).path,
        discard: (paths) => service.discard(paths),
      };

      route(app, fileCalls.save, ({ request, principal }) => {
        if (!request.isMultipart()) throw AppError.invalid('file', NOT_MULTIPART);
        return service.save(request.parts(), principal!.staffId);
      });

      route(app, fileCalls.remove, async ({ body, principal }) => {
        await service.remove(body.path, principal!);
        return null;
      });

      route(app, fileCalls.download, async ({ body, reply, principal }) => {
        const row = await service.findReadable(body.path, principal);
        const object = await service.read(row);
        fileHeaders(reply, row, 'attachment').header('cache-control', 'no-store');
        sendObject(reply, object);
        return null;
      });

      route(app, fileCalls.downloadImage, async ({ body, reply, principal }) => {
        const row = await service.findReadable(body.path, principal);
        if (!isImageExtension(row.ext)) throw AppError.invalid('path', { 'zh-CN': '不是图片', 'en-US': 'not an image' });
        const object = await service.read(row);
        fileHeaders(reply, row, 'attachment').header('cache-control', 'no-store');
        sendObject(reply, object);
        return null;
      });

      // Public uploads need no session (see docs/help-and-files.md): <img> tags and the sign-in page's logo load them
      // without a token, and the 128-bit random names are the capability. Other scopes are checked here, with the
      // token from X-Token or the cookie; a file the caller may not read is 40400, as if it did not exist.
      app.route({
        method: 'GET',
        url: `${UPLOAD_URL_PREFIX}*`,
        config: { permission: 'public' },
        schema: {
          summary:
            'An uploaded file by its path: images inline, everything else as an attachment; single byte ranges. ' +
            'Public uploads to anyone; private ones to their uploader and the super-admin (X-Token or the juqi_token ' +
            'cookie); identity documents never (40400)',
          description: 'Permission: public for public uploads (the path is an unguessable name made by the server); others by scope',
          tags: ['file'],
        },
        handler: async (request, reply) => {
          const key = (request.params as { '*'?: string })['*'] ?? '';
          if (!UPLOAD_PATH_PATTERN.test(key)) throw AppError.notFound();
          const row = await service.find(key);
          // Public files skip the session lookup: the hottest static path stays free of it.
          if (row.scope !== 'public' && !mayRead(row, await callerOf(request, app.access))) throw AppError.notFound();
          const range = parseRange(request.headers.range, row.size);
          fileHeaders(reply, row, dispositionOf(row))
            .header('accept-ranges', 'bytes')
            .header('cache-control', row.scope === 'public' ? 'private, max-age=86400' : 'no-store')
            .header('last-modified', row.createdAt.toUTCString());
          if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${row.size}`).send();
          return sendObject(reply, await service.read(row, range), range);
        },
      });
    },
  };
}

export const fileModule = createFileModule();
