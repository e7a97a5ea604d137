import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_PORT = Number(process.env.API_PORT ?? 3001);
const backend = `http://127.0.0.1:${API_PORT}`;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
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
});
