// The first stage of `npm test` (and `npm run check:code`): ESLint (the import boundaries are lint rules), the type
// checker and Prettier's check, run side by side; exits non-zero when any of them fails.
import { run } from './lib.mjs';

// The types are checked by TypeScript 7, the native compiler, through `npm run typecheck` (decision 115), on one
// thread: ESLint and Prettier use the other core meanwhile.
const checks = [
  ['ESLint', 'npx', ['eslint', '.']],
  ['TypeScript', 'npm', ['run', '--silent', 'typecheck', '--', '--singleThreaded']],
  ['Prettier', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
];
const codes = await Promise.all(checks.map(([, command, args]) => run(command, args)));
const failed = checks.filter((_, i) => codes[i] !== 0).map(([name]) => name);
console.log(failed.length ? `Failed: ${failed.join(', ')}` : 'ESLint, TypeScript and Prettier: clean');
process.exit(failed.length ? 1 : 0);
