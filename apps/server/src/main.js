import { enableCompileCache } from 'node:module';

/*
 * The entry point, in plain JavaScript on purpose. Node's compile cache keeps on disk what loading
 * the server's modules costs at every start — the sources with their types stripped and V8's
 * compiled code — so that a restart reuses it (docs/decisions/0072-compile-cache-and-plain-js-entry.md).
 * It must be on before the first TypeScript module loads: a .ts entry would itself bring in Node's type
 * stripper (~8 MB the process then keeps), hence this file and the dynamic import. The cache lives
 * in Node's default place under the OS temp folder; NODE_COMPILE_CACHE names another,
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off. This file is also the entry of the built server
 * (scripts/build-server.ts, docs/decisions/0127), where the import below is the bundle's chunk.
 */
enableCompileCache();
try {
  await import('./server.ts');
} catch (error) {
  // Printed here rather than left to Node, which also prints the source line it failed on: in the
  // built server that line is a minified chunk, hundreds of kilobytes on one line.
  console.error(error);
  process.exit(1);
}
