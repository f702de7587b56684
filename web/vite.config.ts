import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { WEB_DELIVERY } from '../shared/constants/web-delivery';

const root = fileURLToPath(new URL('..', import.meta.url));
const FEATURE_INDEX = /[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.tsx?$/;

/**
 * Two builds: the web app for browsers (dist/web), and with `--ssr` the main site's frame rendered
 * by the server (web/ssr/render-frame.tsx → dist/web-ssr; docs/architecture.md, The first paint).
 */
export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : browserBuild));

const browserBuild = defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies beside every text file, at the highest levels (once, at build time);
    // the server sends the one the browser accepts (server/plugins/spa.ts, docs/benchmarks.md).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      threshold: WEB_DELIVERY.compressMinBytes,
      include: /\.(html|css|js|mjs|json|svg|txt|xml|map)$/,
      logLevel: 'silent',
    }),
  ],
  resolve: { alias: { '@': root, '~': root } },
  publicDir: 'public',
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // A dynamic import names no scripts to preload (its style sheets still load): Vite inserted a
    // <link rel="modulepreload"> for each, 40-50 on a page, inside the import's task, and those
    // tasks were a phone's longest. The server names the start's scripts to app-start.js instead,
    // inserted one per task (docs/architecture.md, The first paint; docs/benchmarks.md, Ninth pass).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    // the server reads it to name the page's language file in the head (server/plugins/spa.ts)
    manifest: true,
    rolldownOptions: {
      // A feature's index only re-exports what other features use (docs/architecture.md, Layers).
      // Marked free of side effects, importing one name from it loads that name's module alone, not
      // every module it re-exports: the home page took the comment editor, forms and zod with the
      // contest labels it needed (docs/benchmarks.md).
      treeshake: {
        moduleSideEffects: (id: string) => !FEATURE_INDEX.test(id),
      },
      output: {
        // The libraries every page runs go in one file: left to itself the bundler cuts them into a
        // dozen small ones, each compressed on its own, and the first load pays for every cut
        // (docs/benchmarks.md, First-load budget).
        codeSplitting: {
          groups: [
            // every icon in one file (12.5 KB Brotli): one each, a page asked for 8 to 13 files of
            // under 1 KB, each a request a phone waits for (docs/benchmarks.md)
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            {
              name: 'core',
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|@tanstack|zustand|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', proxy: { '/api': 'http://127.0.0.1:8080' } },
});

/**
 * The frame's renderer for Node, one self-contained file: React and the rest are bundled in their
 * production builds (the server's NODE_ENV does not choose them; React's development build renders
 * several times slower).
 */
const ssrBuild = defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { alias: { '@': root, '~': root } },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  publicDir: false,
  build: {
    ssr: true,
    rolldownOptions: {
      input: fileURLToPath(new URL('./ssr/render-frame.tsx', import.meta.url)),
      // named by its content: the screens' chunks import it by that name, and the server loads a
      // rebuilt one under its new name, so there is never a second copy of React or the router
      output: { entryFileNames: 'render-frame-[hash].js' },
    },
    outDir: '../dist/web-ssr',
    emptyOutDir: true,
  },
});
