import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One server module owns each table and others call its service (docs/decisions/012): the tables of
 * `modules/orders` are in `db/schema/orders.ts`, and a module imports its own schema file only, never
 * another's nor the index. A lib file that owns a table (`lib/app-meta.ts`) is its own owner. The seed
 * loads start-up data in bulk (decision 012) and reports reads aggregates without writing (decision
 * 028): both read through the index and are left out.
 */
const SERVER = path.resolve(import.meta.dirname);
const SCHEMA = path.join(SERVER, 'db/schema');
const READERS = ['seed', 'modules/reports'];
/** Column helpers every table file uses: no module owns them and no module imports them. */
const HELPERS = ['columns', 'status-history', 'index'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** `modules/orders` for any file under it, `lib/app-meta.ts` for a lib file. */
function ownerOf(file: string): string {
  const parts = path.relative(SERVER, file).split(path.sep);
  return parts[0] === 'modules' ? parts.slice(0, 2).join('/') : parts.join('/');
}

/** The schema file an owner may import: `orders` for modules/orders, `app-meta` for lib/app-meta.ts. */
function ownSchemaFile(owner: string): string {
  return path.basename(owner, '.ts');
}

/** Each owner outside db/ and the readers, with the schema files it imports (`index` for db/schema itself). */
function schemaImports(): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>();
  for (const file of sourceFiles(SERVER)) {
    const owner = ownerOf(file);
    if (owner.startsWith('db/') || READERS.some((dir) => owner === dir || owner.startsWith(`${dir}/`))) continue;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/from\s+'((?:\.\.?\/)+db\/schema(?:\/[\w-]+)?)'/g)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      const schemaFile = target === SCHEMA ? 'index' : path.relative(SCHEMA, target);
      imports.set(owner, (imports.get(owner) ?? new Set()).add(schemaFile));
    }
  }
  return imports;
}

const tableFiles = readdirSync(SCHEMA)
  .map((name) => path.basename(name, '.ts'))
  .filter((name) => !HELPERS.includes(name));

describe('table ownership', () => {
  it('lets a module import only its own schema file', () => {
    const foreign = [...schemaImports()].flatMap(([owner, files]) =>
      [...files].filter((file) => file !== ownSchemaFile(owner)).map((file) => `${owner} imports db/schema/${file}`),
    );
    expect(foreign).toEqual([]);
  });

  it('gives every table file an owner that uses it (the scan is not vacuous)', () => {
    const owners = [...schemaImports().keys()].map(ownSchemaFile).sort();
    expect(owners).toEqual([...tableFiles].sort());
    expect([...schemaImports().get('lib/app-meta.ts')!]).toEqual(['app-meta']);
    expect([...schemaImports().get('modules/accounts')!]).toEqual(['accounts']);
  });
});
