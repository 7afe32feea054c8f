import { enableCompileCache } from 'node:module';

/*
 * The entry of password-score.ts's child process, in plain JavaScript as main.js is: with the
 * compile cache on first, the child reads its modules from the cache instead of loading Node's type
 * stripper. The name is also the built server's entry for the child (scripts/build-server.ts), so
 * the same path finds it in src/ and in dist/.
 */
enableCompileCache();
await import('./password-score.ts');
