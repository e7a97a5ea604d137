import { describe, expect, it } from 'vitest';
import { statusTable } from './options';
import { REPAIR_BOOKING_STATUSES, REPAIR_STATUS_DESCRIPTIONS, REPAIR_STATUS_LABELS } from './repairs';

describe('statusTable', () => {
  it('gives the labels, the values in their written order and the descriptions of one table', () => {
    const table = statusTable({
      open: { label: 'Open', description: 'Opened by the customer' },
      closed: { label: 'Closed', description: 'Closed by the store' },
    });
    expect(table.labels).toEqual({ open: 'Open', closed: 'Closed' });
    expect(table.values).toEqual(['open', 'closed']);
    expect(table.descriptions).toEqual({ open: 'Opened by the customer', closed: 'Closed by the store' });
  });

  it('keeps a booking’s statuses in the order of its life, each with its label and history line', () => {
    expect(REPAIR_BOOKING_STATUSES).toEqual(['booked', 'picked_up', 'in_repair', 'ready', 'returned', 'cancelled']);
    expect(REPAIR_STATUS_LABELS.picked_up).toBe('Picked Up');
    expect(REPAIR_STATUS_DESCRIPTIONS.cancelled).toBe('Booking cancelled');
  });
});
