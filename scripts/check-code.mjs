// The first stage of `npm test` (and `npm run check:code`): ESLint (the import boundaries are lint rules), the type
// checker and Prettier's check, run side by side; exits non-zero when any of them fails.
import { run } from './lib.mjs';

// TypeScript 7, the native compiler, checks the types: 6 CPU seconds where TypeScript 6 took 28. TypeScript 6 stays
// installed as `typescript` for typescript-eslint, which parses with its JavaScript API (TypeScript 7 has none yet);
// both tsc commands are on node_modules/.bin, so this one is named by its path. One thread: ESLint and Prettier
// use the other core meanwhile (docs/decisions/115).
const TSC = 'node_modules/typescript-native/bin/tsc';

const checks = [
  ['ESLint', 'npx', ['eslint', '.']],
  ['TypeScript', process.execPath, [TSC, '--noEmit', '-p', 'tsconfig.json', '--singleThreaded']],
  ['Prettier', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
];
const codes = await Promise.all(checks.map(([, command, args]) => run(command, args)));
const failed = checks.filter((_, i) => codes[i] !== 0).map(([name]) => name);
console.log(failed.length ? `Failed: ${failed.join(', ')}` : 'ESLint, TypeScript and Prettier: clean');
process.exit(failed.length ? 1 : 0);
