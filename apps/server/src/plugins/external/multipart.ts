import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@juqi/contract';
import fp from 'fastify-plugin';

/**
 * multipart/form-data for uploads, read as a stream by the route that wants it (nothing is buffered or written to
 * disk by the plugin). The limits are the hard ceiling; each upload type has its own, smaller ones.
 */
export default fp(async (app) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 10,
      fieldNameSize: 100,
      fieldSize: 1024,
      parts: 12,
      headerPairs: 100,
    },
  });
});
