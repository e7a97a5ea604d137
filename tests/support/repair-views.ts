import type { RepairTrackingView } from '../../src/shared/repairs';

/**
 * A screen repair just booked, as GET /api/repairs/:bookingNumber shows it to anyone holding the number:
 * the API test expects this reply and the tracking page's test renders it, so the two agree on the shape.
 */
export function bookedRepairView(changes: Partial<RepairTrackingView> = {}): RepairTrackingView {
  return {
    bookingNumber: 'REP-123456789',
    status: 'booked',
    deviceType: 'phone',
    service: { id: 'screen-repair', name: 'Screen Repair' },
    timeframe: '1 day',
    pickupDate: '2026-11-23',
    pickupTime: '09:00 AM',
    agentFirstName: 'Sarah',
    createdAt: '2026-11-22T10:00:00.000Z',
    history: [
      {
        status: 'booked',
        description: 'Repair booked; an agent has been assigned to pick up the device',
        date: '2026-11-22T10:00:00.000Z',
      },
    ],
    details: null,
    ...changes,
  };
}
