import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One server module owns each table and others call its service (docs/decisions/012, issue 9 item 4):
 * every name imported from db/schema outside db/ is imported by one owner only, a module folder
 * (`modules/orders`) or a lib file (`lib/app-meta.ts`). The seed loads start-up data in bulk
 * (decision 012) and reports reads aggregates without writing (decision 028): both are left out.
 */
const SERVER = path.resolve(import.meta.dirname);
const EXEMPT = ['seed', 'modules/reports'];

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

function schemaImporters(): Map<string, Set<string>> {
  const importers = new Map<string, Set<string>>();
  for (const file of sourceFiles(SERVER)) {
    const owner = ownerOf(file);
    if (owner.startsWith('db/') || EXEMPT.some((dir) => owner === dir || owner.startsWith(`${dir}/`))) continue;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'[./]+\/db\/schema'/g)) {
      for (const name of match[1]!.split(',').map((n) => n.replace(/^\s*type\s+/, '').trim())) {
        if (!name) continue;
        importers.set(name, (importers.get(name) ?? new Set()).add(owner));
      }
    }
  }
  return importers;
}

describe('table ownership', () => {
  it('has one owner for each table: no module reads or writes another one’s', () => {
    const shared = [...schemaImporters()]
      .filter(([, owners]) => owners.size > 1)
      .map(([name, owners]) => `${name}: ${[...owners].sort().join(', ')}`);
    expect(shared).toEqual([]);
  });

  it('sees the owners it should (the scan is not vacuous)', () => {
    const importers = schemaImporters();
    expect([...importers.get('appMeta')!]).toEqual(['lib/app-meta.ts']);
    expect([...importers.get('outboxEmails')!]).toEqual(['modules/mail']);
    expect([...importers.get('users')!]).toEqual(['modules/accounts']);
  });
});
