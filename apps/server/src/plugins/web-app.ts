import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ERRORS, errorMessage } from '@meetflow/shared/errors';

/**
 * Serves the built single-page app from the same origin as the API. Hashed assets are cached
 * for a year; everything outside assets/ is always revalidated so a deploy is picked up at once:
 * index.html, and the door station's service worker (sw.js, workbox-*.js) and manifest.webmanifest
 * (served as application/manifest+json), which live next to it. The build writes
 * brotli and gzip siblings (.br, .gz) of each text file: the one the browser accepts is sent as it
 * is, with `Vary: Accept-Encoding`, so no request pays for compressing. One wildcard route looks a
 * file up when it is asked for: a route per built file (~650 with the compressed twins, each with its
 * HEAD route) cost every start ~10 MB and ~0.1 s. What it does not find goes to the handler below.
 */
export const webApp = fp<{ root: string }>(async (app, { root }) => {
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api') || !hasBuild || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ code: ERRORS.NOT_FOUND.code, message: errorMessage('NOT_FOUND', request.lang), data: null });
    }
    // Routes live after the hash, so any other path gets the app shell.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
