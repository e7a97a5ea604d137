import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_PORT = Number(process.env.API_PORT ?? 3001);
const backend = `http://127.0.0.1:${API_PORT}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss()],
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
