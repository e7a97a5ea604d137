import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PagedReply } from '../../../shared/paging';
import type { AnySaleStatus } from '../../../shared/trade-in-statuses';
import {
  TRANSACTION_NUMBER_PATTERN,
  type AccountTradeIn,
  type AgentTradeIn,
  type agentTradeInQuerySchema,
  type StaffTradeIn,
  type tradeInListQuerySchema,
} from '../../../shared/trade-ins';
import type { Database } from '../../db/client';
import { tradeIns } from '../../db/schema/trade-ins';
import { searchCondition } from '../../lib/like';
import { newestPage, newestRows, rememberedTotal } from '../../lib/paging';
import { deviceInfo } from './trade-in-records';
import { agentView, staffViews } from './trade-in-views';

/* The lists of trade-ins: the customer's own, the admin's every one, the agent's assigned ones. */

/** How many trade-ins there are: the admin's Transactions list total before any search or filter. */
export const everyTradeIn = rememberedTotal(tradeIns);

/** The signed-in customer's own trade-ins, newest first (the account page). */
export async function listCustomerTradeIns({
  db,
  customerId,
}: {
  db: Database;
  customerId: string;
}): Promise<AccountTradeIn[]> {
  const rows = await newestRows(db, tradeIns, eq(tradeIns.customerId, customerId), { limit: 200 });
  return rows.map((row) => ({
    transactionNumber: row.transactionNumber,
    deviceInfo: deviceInfo(row),
    status: row.status as AnySaleStatus,
    estimatedValue: row.estimatedValue,
    offeredAmount: row.offeredAmount,
    submittedDate: row.createdAt.toISOString(),
  }));
}

/** The Transactions list's WHERE (its export's too): status, search and, for an agent's list, the agent. */
export const tradeInListWhere = (
  query: Pick<z.output<typeof tradeInListQuerySchema>, 'status' | 'q'>,
  agentId?: string,
): SQL | undefined =>
  and(
    agentId ? eq(tradeIns.agentId, agentId) : undefined,
    query.status ? eq(tradeIns.status, query.status) : undefined,
    searchCondition(query.q, {
      number: { pattern: TRANSACTION_NUMBER_PATTERN, column: tradeIns.transactionNumber },
      email: tradeIns.customerEmail,
      anywhere: [tradeIns.transactionNumber, tradeIns.customerName, tradeIns.customerEmail],
    }),
  );

/**
 * GET /api/admin/trade-ins (every trade-in) and, with `agentId`, that agent's: newest first, paged,
 * by status, searched by number, name or email.
 */
export async function listTradeIns({
  db,
  query,
  agentId,
}: {
  db: Database;
  query: z.output<typeof tradeInListQuerySchema>;
  agentId?: string;
}): Promise<PagedReply<StaffTradeIn>> {
  const where = tradeInListWhere(query, agentId);
  const page = await newestPage(db, tradeIns, where, query, { total: everyTradeIn.count(db, where) });
  return { ...page, items: await staffViews(db, page.items) };
}

/** GET /api/agent/trade-ins: the signed-in agent's own trade-ins, as agentView shows them (no search by name or email). */
export async function listAgentTradeIns({
  db,
  query,
  agentId,
}: {
  db: Database;
  query: z.output<typeof agentTradeInQuerySchema>;
  agentId: string;
}): Promise<PagedReply<AgentTradeIn>> {
  const list = await listTradeIns({ db, query: { ...query, q: '' }, agentId });
  return { ...list, items: list.items.map(agentView) };
}
