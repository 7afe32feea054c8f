import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroup, coreGroup } from './chunk-groups.ts';

/**
 * Ant Design's `form/context.js` takes one name from `@rc-component/form`, its `FormProvider`; every
 * overlay (dropdown, menu, tooltip) imports that module, and the package's index attaches Field, List
 * and useForm to its default export, so the whole form library (and its validator, some 13 KB
 * compressed) came with the admin shell's first screen. That import is pointed at the module that
 * defines `FormProvider`, the same module the index re-exports: one provider, one context.
 */
function formContextOnly(): Plugin {
  return {
    name: 'meetflow:antd-form-context-only',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (
        source !== '@rc-component/form' ||
        !importer?.replaceAll('\\', '/').endsWith('/antd/es/form/context.js')
      )
        return null;
      return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
    },
  };
}

export default defineConfig({
  // Relative asset URLs: the server hosts dist at '/', and hash routing never changes the document path.
  base: './',
  plugins: [
    react(),
    formContextOnly(),
    // Brotli and gzip siblings of every text asset, at maximum level once per build, for the server to
    // send as they are (a file whose compressed form is not smaller gets none).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      // The default text types, plus the QR reader's WebAssembly (1.1 MB, 0.36 MB as brotli).
      include: [/\.(html|xml|css|json|js|mjs|svg|yaml|yml|toml|wasm)$/],
    }),
    // The door station works with no network once opened online: a Workbox service worker precaches the
    // built app (written at the end of the build, after the files above) and answers every navigation
    // with index.html. Last in the list: it lists dist as the plugins before it leave it.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      // No registration script in index.html or the entry: the station page alone registers the worker
      // (src/lib/service-worker.ts, which applies the auto update itself); every other page's budget is full.
      injectRegister: false,
      // The manifest's icons are listed by the glob below; the plugin adding them again would list them twice.
      includeManifestIcons: false,
      manifest: {
        name: 'MeetFlow',
        short_name: 'MeetFlow',
        lang: 'zh-TW',
        // Relative to manifest.webmanifest, which sits next to index.html: the app opens on the door station.
        id: './',
        start_url: './#/station',
        scope: './',
        display: 'standalone',
        // The favicon's blue (Ant Design's primary) and the page background of global.css.
        theme_color: '#1677ff',
        background_color: '#f5f5f5',
        icons: [
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'pwa-maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Everything a page can load, the QR reader's .wasm included; not the .br/.gz siblings (the worker
        // fetches each file once, compressed on the wire as the browser negotiates). manifest.webmanifest
        // is listed by the plugin itself. pdf.js's worker (.mjs, 1.2 MB) is left out: it only renders the
        // schedule and guide PDFs, which come from /api and are never cached.
        globPatterns: ['**/*.{js,css,html,wasm,svg,png,ico}'],
        // The biggest file is the QR reader's .wasm (~1.1 MB). A file over the limit fails the build.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // Routes live after the hash, so every navigation gets the app shell, except the API's own URLs
        // (a file download opened in a tab).
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api(?:[/?]|$)/],
        // No runtimeCaching: API answers carry personal data and tokens and are never cached (they go
        // past the worker to the network, which answers them with no-store).
        cleanupOutdatedCaches: true,
        // A new version takes over at once (the station page then reloads into it).
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // Every supported browser has <link rel=modulepreload>; the polyfill would only add weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // Ant Design's helper packages (@rc-component/*, @ant-design/*) declare no "sideEffects", though
        // their modules have none: without this, whatever their barrels re-export stays in the bundle.
        moduleSideEffects: [{ test: /node_modules[\\/]@(rc-component|ant-design)[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page needs, as one chunk (chunk-groups.ts).
              name: coreGroup,
            },
            {
              // The first back-office screen and the sign-up page in a few chunks each (chunk-groups.ts).
              name: chunkGroup,
              // Each group holds exactly what its screens import; the entry's modules stay in the entry.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
