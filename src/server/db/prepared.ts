import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbHandle } from './client';

/*
 * Statements Drizzle builds once (docs/decisions/064). Building a statement (walking the query builder,
 * escaping names, numbering parameters) cost the store more CPU than the driver spent sending it and reading
 * the answer: a quarter of a paid order's CPU on PostgreSQL. A statement of the hot paths is written as usual,
 * with `value('name')` where a value goes; its SQL is made the first time it runs, and every run after only
 * fills in the values and sends it, on the handle it is given: the database (any pooled connection) or a
 * transaction (that transaction's connection). The text is Drizzle's own, byte for byte, so nothing the
 * database sees changes.
 */

/** Names a value of the statement, given to each run: `value('id')` where the statement needs the id. */
export type Value<Values> = <Name extends keyof Values & string>(name: Name) => Placeholder<Name>;

/**
 * A value in an update's `set()`: Drizzle maps it by its column as it maps any set value, placeholders too,
 * though its types leave placeholders out of `set()`.
 */
export const inSet = <T>(placeholder: Placeholder): T => placeholder as unknown as T;

/** `{ name: value('name') }` for each of `names`: the values of an insert whose values are named as its columns. */
export function sameNames<Values, Name extends keyof Values & string>(value: Value<Values>, names: readonly Name[]) {
  return Object.fromEntries(names.map((name) => [name, value(name)])) as { [K in Name]: Placeholder<K> };
}

/** What a Drizzle query builder gives to be prepared. */
export interface Preparable<Result> {
  prepare(name: string): PreparedQuery<Result>;
}

/**
 * Without a name PostgreSQL gets an unnamed statement, parsed and planned with each run, as for any query
 * Drizzle sends. A named one is parsed once a connection and its plan may be kept: for a statement of the
 * store's own machinery (the rate limits' count), not for the paid order's, which the checkout's floor
 * (bench/_paid-order.ts) replays unnamed.
 */
const UNNAMED = undefined as unknown as string;

interface PreparedQuery<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/**
 * The parts of a Drizzle session a prepared query takes from the session it was made on: the connection
 * (the pool, or a transaction's client), the logger and the result cache. Drizzle keeps them as fields of
 * both (node-postgres and PGlite alike); a run on another handle is the same query with that handle's.
 */
interface SessionParts {
  client: unknown;
  logger: unknown;
  cache: unknown;
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    arrayMode: boolean,
  ): PreparedQuery<unknown>;
}

const sessionOf = (handle: DbHandle) => handle._.session as unknown as SessionParts;

const value = ((name: string) => sql.placeholder(name)) as Value<never>;

/**
 * A statement prepared once for each engine (the query classes differ) and run on `handle` with these values.
 * The prepared query made on the first handle is reused with each later handle's connection, logger and cache.
 */
function reusable<Result>(prepare: (handle: DbHandle) => PreparedQuery<Result>) {
  const byEngine = new Map<unknown, PreparedQuery<Result> & SessionParts>();
  return (handle: DbHandle, values: object): Promise<Result> => {
    const session = sessionOf(handle);
    let query = byEngine.get(session.constructor);
    if (!query) {
      query = prepare(handle) as PreparedQuery<Result> & SessionParts;
      byEngine.set(session.constructor, query);
    }
    const onHandle =
      query.client === session.client && query.logger === session.logger
        ? query
        : Object.assign(Object.create(query) as PreparedQuery<Result>, {
            client: session.client,
            logger: session.logger,
            cache: session.cache,
          });
    return onHandle.execute(values as Record<string, unknown>);
  };
}

/**
 * A query-builder statement built once: `build` writes it on the handle it is given, with `value('name')`
 * for each value. Returns the run: `(handle, values)` gives what the builder's own execution would.
 */
export function prepared<Values extends object, Result>(
  build: (db: DbHandle, value: Value<Values>) => Preparable<Result>,
  { name = UNNAMED }: { name?: string } = {},
): (handle: DbHandle, values: Values) => Promise<Result> {
  return reusable((handle) => build(handle, value as Value<Values>).prepare(name));
}

const dialect = new PgDialect();

/** A raw `sql` statement built once, as `prepared` does for builders; its run answers nothing the caller reads. */
export function preparedSql<Values extends object>(
  build: (value: Value<Values>) => SQL,
  { name = UNNAMED }: { name?: string } = {},
): (handle: DbHandle, values: Values) => Promise<unknown> {
  const query = dialect.sqlToQuery(build(value as Value<Values>));
  return reusable((handle) => sessionOf(handle).prepareQuery(query, undefined, name, false));
}
