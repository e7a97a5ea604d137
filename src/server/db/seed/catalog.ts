import type { Database } from '../client';

/** Placeholder until the catalog seed lands (issue 3 helper replaces this file). */
export async function seedDemoCatalog(_db: Database): Promise<number> {
  return 0;
}
