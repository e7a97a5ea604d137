import { renderToStaticMarkup } from 'react-dom/server.edge';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { bookedRepairView } from '../../../../tests/support/repair-views';
import { RepairStatusView } from './repair-status';

const booked = bookedRepairView();
const repair = bookedRepairView({
  status: 'picked_up',
  pickupDate: '2026-11-23',
  history: [
    ...booked.history,
    { status: 'picked_up', description: 'Device picked up by our agent', date: '2026-11-23T07:05:00.000Z' },
  ],
});

const render = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

describe('RepairStatusView', () => {
  it('shows the status, service, slot, agent and history, with the steps still to come', () => {
    const html = render(<RepairStatusView repair={repair} />);
    for (const text of [
      'REP-123456789',
      'Picked Up',
      'Screen Repair (Phone)',
      'Monday, 23 Nov 2026 at 09:00 AM',
      'Sarah',
      'Device picked up by our agent',
      'In Repair',
      'Returned',
    ]) {
      expect(html).toContain(text);
    }
    // History times in Johannesburg, said once: 07:05 UTC is 09:05 there.
    expect(html).toContain('23 Nov 2026, 09:05 AM');
    expect(html.split('South African time')).toHaveLength(2);
    // The steps still ahead say so, not 'Pending'.
    expect(html).toContain('Not yet');
    expect(html).not.toContain('Pending');
    expect(html).not.toContain('Pickup address');
  });

  it('shows the owner their device and pickup address', () => {
    const html = render(
      <RepairStatusView
        repair={{
          ...repair,
          details: {
            deviceDetails: { brand: 'Samsung', model: 'Galaxy S23', issueType: 'Screen Damage', description: '' },
            customerDetails: {
              name: 'Thandi Nkosi',
              phone: '082 123 4567',
              email: 't@example.co.za',
              address: '12 Kloof Street',
            },
          },
        }}
      />,
    );
    expect(html).toContain('Samsung Galaxy S23 · Screen Damage');
    expect(html).toContain('12 Kloof Street');
    expect(html).toContain('Thandi Nkosi, +27 82 123 4567');
  });

  it('offers to cancel a booking not yet picked up, and not once it is picked up or cancelled', () => {
    expect(render(<RepairStatusView repair={booked} />)).toContain('Cancel booking');
    expect(render(<RepairStatusView repair={repair} />)).not.toContain('Cancel booking');
    const cancelled = render(
      <RepairStatusView
        repair={{
          ...booked,
          status: 'cancelled',
          history: [
            ...booked.history,
            { status: 'cancelled', description: 'Booking cancelled', date: '2026-11-22T11:00:00.000Z' },
          ],
        }}
      />,
    );
    expect(cancelled).toContain('Booking cancelled');
    expect(cancelled).not.toContain('Cancel booking');
    expect(cancelled).not.toContain('Not yet');
  });
});
