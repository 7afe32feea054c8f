import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  // Relative asset URLs: the server hosts dist at '/', and hash routing never changes the document path.
  base: './',
  plugins: [
    react(),
    // Brotli and gzip siblings of every text asset, at maximum level once per build, for the server to
    // send as they are (a file whose compressed form is not smaller gets none).
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
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
              // What every page needs, as one chunk: fewer requests and better gzip than four slivers.
              name: 'core',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|zustand)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
