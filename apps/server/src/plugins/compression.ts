import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';

/**
 * Compresses API answers for phones on slow venue networks. Small answers (most of the door's hot
 * path) stay as they are: under ~1 KB the bytes saved do not pay for the CPU. The live statistics
 * stream (text/event-stream) is never compressed, so each event leaves at once. The built web
 * app's files arrive precompressed from the build (see web-app.ts) and carry a Content-Encoding,
 * which this plugin leaves alone.
 */
export const compression = fp(async (app) => {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Responses only: request bodies are read as sent, as before.
    globalDecompression: false,
  });
});
