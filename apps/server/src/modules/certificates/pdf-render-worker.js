import { enableCompileCache, flushCompileCache } from 'node:module';

/*
 * The renderer thread's entry, in plain JavaScript as main.js is: a thread does not share its
 * parent's compile cache, so a .ts entry would load Node's type stripper into the thread (17 MB of
 * RSS for a thread that runs only a few modules). The cache is switched on first, in the same place
 * as the server's, and the drawing's modules are read from it (docs/decisions/0124).
 */
enableCompileCache();
await import('./pdf-render-worker.ts');
flushCompileCache();
