// After `vite build`: brotli and gzip copies beside every text asset, served by @fastify/static.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const dist = path.join(root, 'dist/web');
const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;
let count = 0;

function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (compressible.test(entry.name) && statSync(full).size > 512) {
      const body = readFileSync(full);
      writeFileSync(`${full}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
      count++;
    }
  }
}

walk(dist);
console.log(`precompressed ${count} files in dist/web`);
