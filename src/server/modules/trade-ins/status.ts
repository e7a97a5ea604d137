import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tradeIns } from '../../db/schema/trade-ins';

export interface TradeInStatusSummary {
  transactionNumber: string;
  status: string;
  deviceType: string;
  brand: string;
  model: string;
  updatedAt: Date;
}

/** A sale's progress for anyone holding its number (the chat assistant): no name, email, phone or address. */
export async function getTradeInStatus({
  db,
  transactionNumber,
}: {
  db: Database;
  transactionNumber: string;
}): Promise<TradeInStatusSummary | null> {
  const [row] = await db
    .select({
      transactionNumber: tradeIns.transactionNumber,
      status: tradeIns.status,
      deviceType: tradeIns.deviceType,
      brand: tradeIns.brand,
      model: tradeIns.model,
      updatedAt: tradeIns.updatedAt,
    })
    .from(tradeIns)
    .where(eq(tradeIns.transactionNumber, transactionNumber.trim().toUpperCase()))
    .limit(1);
  return row ?? null;
}
