import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { parseInput } from './errors';
import { sharedJsonReplies } from './shared-reads';
import { registerTableExport, type TableExportRoute } from './table-export';

const ADMIN_ONLY = ['admin'] as const;

/**
 * An admin tab's list and its file, on one query: GET `url` answers a page of it, identical requests at
 * once sharing one read (sharedJsonReplies), and `<exportPath>.csv` and `.xlsx` write every row the same
 * filter matches (registerTableExport), so a filter the list refuses is the file's 400 too. With `detail`,
 * GET `<url>/:<param>` answers one row in full (View Details). The admin's alone.
 */
export function registerAdminList<Schema extends z.ZodType, Row>(
  app: FastifyInstance,
  {
    db,
    url,
    schema,
    list,
    exportPath,
    detail,
    ...file
  }: {
    db: Database;
    url: string;
    /** The list's query (?q=&status=&page=...), parsed from the request. */
    schema: Schema;
    /** One page of the list, as its reply. */
    list: (input: { db: Database; query: z.output<Schema> }) => Promise<unknown>;
    /** The file's path without its extension (ADMIN_EXPORT_PATHS). */
    exportPath: string;
    /** One row in full, read by the key in the path: `{ param: 'orderNumber', read }` is GET `<url>/:orderNumber`. */
    detail?: { param: string; read: (key: string) => Promise<unknown> };
  } & Omit<TableExportRoute<z.output<Schema>, Row>, 'access' | 'query'>,
) {
  const query = (request: FastifyRequest): z.output<Schema> => parseInput(schema, request.query);
  const page = sharedJsonReplies();
  app.get(url, { config: { access: ADMIN_ONLY } }, async (request, reply) => {
    const parsed = query(request);
    return page(reply, JSON.stringify(parsed), () => list({ db, query: parsed }));
  });
  registerTableExport(app, exportPath, { ...file, access: ADMIN_ONLY, query });
  if (detail) {
    app.get<{ Params: Record<string, string> }>(
      `${url}/:${detail.param}`,
      { config: { access: ADMIN_ONLY } },
      async (request) => detail.read(request.params[detail.param]!),
    );
  }
}
