import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Each module's README says what it offers by pointing at its index.ts, the one file other modules import
 * (the quickbuy/server-modules lint rule refuses any other). A README that names one of the module's inner
 * exports as offered has drifted from its index.
 */

const MODULES = path.resolve(import.meta.dirname);
const modules = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every file of a module but its tests, with the names each exports. */
function exportsOf(module: string): { index: Set<string>; inner: Set<string> } {
  const index = new Set<string>();
  const inner = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const source = readFileSync(full, 'utf8');
        const names = full === path.join(MODULES, module, 'index.ts') ? index : inner;
        for (const [, list] of source.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}/gm)) {
          for (const name of list!.split(','))
            names.add(
              name
                .replace(/\btype\b/, '')
                .split(' as ')
                .at(-1)!
                .trim(),
            );
        }
        for (const [, name] of source.matchAll(
          /^export\s+(?:async\s+)?(?:const|function\*?|class|interface|type|enum)\s+(\w+)/gm,
        )) {
          names.add(name!);
        }
      }
    }
  };
  walk(path.join(MODULES, module));
  index.delete('');
  return { index, inner };
}

/** The README's Offers section: from its heading line to the next heading line. */
function offersSection(module: string): string {
  const readme = readFileSync(path.join(MODULES, module, 'README.md'), 'utf8');
  const start = readme.search(/^Offers\b/m);
  if (start === -1) return '';
  const rest = readme.slice(start);
  const end = rest.slice(1).search(/\n\n[A-Z][^\n]*\n/);
  return end === -1 ? rest : rest.slice(0, end + 1);
}

describe('module front doors', () => {
  it.each(modules)('%s: its README offers what its index.ts exports, and no inner name', (module) => {
    const { index, inner } = exportsOf(module);
    const offers = offersSection(module);
    expect(index.size, `${module}/index.ts exports nothing`).toBeGreaterThan(0);
    expect(offers.split('\n')[0], `${module}/README.md's Offers section points at index.ts`).toContain('`index.ts`');
    const named = [...offers.matchAll(/`([A-Za-z_$][\w$]*)[`(]/g)].map((match) => match[1]!);
    const innerNamed = named.filter((name) => inner.has(name) && !index.has(name));
    expect(innerNamed, `${module}/README.md offers names its index.ts does not export`).toEqual([]);
  });
});
