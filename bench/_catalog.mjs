// The catalog the API benches read: 100,000 devices (BENCH_DEVICES) seeded once into a temp folder
// (BENCH_DATA_DIR chooses it) and reused by later runs, and the listing URLs shoppers ask most.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runNode } from './_lib.mjs';

export const CATALOG_DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
export const catalogDataDir = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), `quickbuy-bench-${CATALOG_DEVICES}`);

/** The listing as shoppers use it: filters, search, a few pages. */
export const CATALOG_PATHS = [
  '/api/devices',
  '/api/devices?category=laptop&price=10k-20k',
  '/api/devices?brand=samsung&page=3',
  '/api/devices?q=galaxy',
  '/api/devices?q=thinkpad&category=laptop&price=10k-20k',
  '/api/devices?category=phone&brand=apple&price=under-10k',
  '/api/devices?q=HP%20elitebook&page=2',
  '/api/devices?price=over-20k&pageSize=48',
];

/** The store's settings on that catalog, as `npm start` runs it: PGlite, production, no demo data. */
export const catalogEnv = {
  DATA_DIR: catalogDataDir,
  DATABASE_URL: '',
  NODE_ENV: 'production',
  SEED_DEMO_DATA: 'false',
  ADMIN_PASSWORD: 'bench-admin-password',
};

/** Seeds the catalog unless it is already there (the seed adds only what is missing). */
export function seedCatalog() {
  return runNode(['--import', 'tsx', 'src/server/seed/cli.ts', '--devices', String(CATALOG_DEVICES)], catalogEnv);
}
