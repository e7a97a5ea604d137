import { describe, expect, it } from 'vitest';
import { orderTimeline } from './order-timeline';

const at = (minute: number) => `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`;

/** The timeline of an order now in `status` whose history is `[status, minute]`, oldest first. */
const timelineOf = (status: string, ...history: [string, number][]) =>
  orderTimeline({ status, statusHistory: history.map(([step, minute]) => ({ status: step, date: at(minute) })) });

describe('orderTimeline', () => {
  it('shows each reached step once at its first time, the rest pending', () => {
    expect(timelineOf('processing', ['pending', 0], ['processing', 5], ['processing', 9])).toEqual([
      { status: 'pending', state: 'done', date: at(0) },
      { status: 'processing', state: 'done', date: at(5) },
      { status: 'shipped', state: 'upcoming', date: null },
      { status: 'delivered', state: 'upcoming', date: null },
    ]);
  });

  it('marks a step the order went past without reaching it as skipped, not pending', () => {
    const steps = timelineOf('delivered', ['pending', 0], ['delivered', 30]);
    expect(steps.map((s) => [s.status, s.state])).toEqual([
      ['pending', 'done'],
      ['processing', 'skipped'],
      ['shipped', 'skipped'],
      ['delivered', 'done'],
    ]);
  });

  it('ends a cancelled order at Cancelled after the last step it reached', () => {
    expect(timelineOf('cancelled', ['pending', 0], ['processing', 5], ['cancelled', 7])).toEqual([
      { status: 'pending', state: 'done', date: at(0) },
      { status: 'processing', state: 'done', date: at(5) },
      { status: 'cancelled', state: 'done', date: at(7) },
    ]);
  });
});
