import { enableCompileCache, flushCompileCache } from 'node:module';

/*
 * The mail renderer thread's entry, in plain JavaScript as pdf-render-worker.js is: a thread does
 * not share its parent's compile cache, so a .ts entry would load Node's type stripper into it. The
 * name is also the built server's entry for this thread (scripts/build-server.ts), so the same URL
 * finds it in src/ and in dist/.
 */
enableCompileCache();
await import('./mail-render-worker.ts');
flushCompileCache();
