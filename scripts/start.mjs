// `npm start`: build the web app when needed, then serve the store (PGlite under DATA_DIR by default).
import { buildWebIfStale, run } from './lib.mjs';

const built = await buildWebIfStale();
if (built !== 0) process.exit(built);
process.env.NODE_ENV ??= 'production';
process.exit(await run(process.execPath, ['--import', 'tsx', 'src/server/main.ts']));
