import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';

// RuleTester reports each case as a Vitest test.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** The tester the project's lint rules are checked with, on ES modules. */
export const tester = new RuleTester({ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } });

/** A file name inside the repository, as ESLint gives it to a rule. */
export const file = (name) => path.join(process.cwd(), name);
