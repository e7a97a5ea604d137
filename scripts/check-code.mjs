// The first stage of `npm test` (and `npm run check:code`): ESLint (the import boundaries are lint rules), the type
// checker and Prettier's check, run side by side; exits non-zero when any of them fails.
import { run } from './lib.mjs';

const checks = [
  ['ESLint', 'npx', ['eslint', '.']],
  ['TypeScript', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['Prettier', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
];
const codes = await Promise.all(checks.map(([, command, args]) => run(command, args)));
const failed = checks.filter((_, i) => codes[i] !== 0).map(([name]) => name);
console.log(failed.length ? `Failed: ${failed.join(', ')}` : 'ESLint, TypeScript and Prettier: clean');
process.exit(failed.length ? 1 : 0);
