import { describe, expect, it } from 'vitest';
import { orderTimeline } from './order-timeline';

const at = (minute: number) => `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('orderTimeline', () => {
  it('shows each reached step once at its first time, the rest pending', () => {
    const steps = orderTimeline({
      status: 'processing',
      statusHistory: [
        { status: 'pending', date: at(0) },
        { status: 'processing', date: at(5) },
        { status: 'processing', date: at(9) },
      ],
    });
    expect(steps).toEqual([
      { status: 'pending', state: 'done', date: at(0) },
      { status: 'processing', state: 'done', date: at(5) },
      { status: 'shipped', state: 'upcoming', date: null },
      { status: 'delivered', state: 'upcoming', date: null },
    ]);
  });

  it('marks a step the order went past without reaching it as skipped, not pending', () => {
    const steps = orderTimeline({
      status: 'delivered',
      statusHistory: [
        { status: 'pending', date: at(0) },
        { status: 'delivered', date: at(30) },
      ],
    });
    expect(steps.map((s) => [s.status, s.state])).toEqual([
      ['pending', 'done'],
      ['processing', 'skipped'],
      ['shipped', 'skipped'],
      ['delivered', 'done'],
    ]);
  });

  it('ends a cancelled order at Cancelled after the last step it reached', () => {
    const steps = orderTimeline({
      status: 'cancelled',
      statusHistory: [
        { status: 'pending', date: at(0) },
        { status: 'processing', date: at(5) },
        { status: 'cancelled', date: at(7) },
      ],
    });
    expect(steps).toEqual([
      { status: 'pending', state: 'done', date: at(0) },
      { status: 'processing', state: 'done', date: at(5) },
      { status: 'cancelled', state: 'done', date: at(7) },
    ]);
  });
});
