import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/** Chunks of the pages a shopper goes to next from the storefront. */
const SHOPPER_PAGES = /(^|\/)(home|buy|device|collection|cart)-page-[\w-]+\.js$/;

const API_PORT = Number(process.env.API_PORT ?? 3001);
const backend = `http://127.0.0.1:${API_PORT}`;

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss()],
  // React Router's package exports name only its development build (remix-run/react-router#14102, #12532):
  // a build takes its production build instead, without the dev warnings; `npm run dev` keeps them.
  ...(command === 'build' && { resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } }),
  // `vite build --ssr`: the storefront's render entry for the server (docs/decisions/032), one
  // self-contained file (React and the router bundled in), always React's production build like the browser's.
  ...(isSsrBuild && {
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }),
  build: isSsrBuild
    ? {
        outDir: '../../dist/server',
        emptyOutDir: true,
        sourcemap: false,
        target: 'node20',
        rollupOptions: { input: 'entry-server.tsx' },
      }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        assetsDir: 'assets',
        sourcemap: false,
        target: 'es2022',
        // .vite/manifest.json: the server preloads the chunk of the page it renders.
        manifest: true,
        // React, React DOM, React Router and the scheduler in one chunk of their own: every page needs them first,
        // they change only with an upgrade (a deploy of the store's code leaves the browser's copy good), and left
        // to itself Rolldown splits them over the entry and three chunks (docs/performance/first-load-javascript.md).
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
            },
          },
        },
        modulePreload: {
          // Every browser we serve supports <link rel="modulepreload">: no polyfill in the entry.
          polyfill: false,
          // The entry lists, for each page it can load, the chunks to fetch beside it. Those lists cost
          // 1.5 KB of the first load; they stay for the shopper's next pages, and the other pages fetch
          // their imports as the browser finds them (one round trip more, once).
          resolveDependencies: (file, deps) => (SHOPPER_PAGES.test(file) ? deps : []),
        },
      },
  server: {
    port: 3000,
    proxy: {
      '/api': backend,
      '/images': backend,
      '/payments': backend,
      '/sitemap.xml': backend,
      '/robots.txt': backend,
    },
  },
}));
