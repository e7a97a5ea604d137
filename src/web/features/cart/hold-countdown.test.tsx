import { renderToStaticMarkup } from 'react-dom/server.edge';
import { describe, expect, it } from 'vitest';
import { holdCountdown, HoldCountdown } from './hold-countdown';

describe('holdCountdown', () => {
  const until = '2026-11-22T10:15:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts the hold down in minutes and seconds', () => {
    expect(holdCountdown(until, at('2026-11-22T10:00:00.000Z'))).toBe('Your devices are held for you for 15:00 more');
    expect(holdCountdown(until, at('2026-11-22T10:14:05.400Z'))).toBe('Your devices are held for you for 0:55 more');
    expect(holdCountdown(until, at('2026-11-22T10:14:59.000Z'))).toBe('Your devices are held for you for 0:01 more');
  });

  it('says the hold has lapsed once it is over, or when the time cannot be read', () => {
    const lapsed = 'Your hold has lapsed: the devices may go to another buyer';
    expect(holdCountdown(until, at('2026-11-22T10:15:00.000Z'))).toBe(lapsed);
    expect(holdCountdown(until, at('2026-11-22T11:00:00.000Z'))).toBe(lapsed);
    expect(holdCountdown('not a time', at('2026-11-22T10:00:00.000Z'))).toBe(lapsed);
  });

  it('renders as a timer', () => {
    const html = renderToStaticMarkup(<HoldCountdown reservedUntil={new Date(Date.now() + 600_000).toISOString()} />);
    expect(html).toMatch(
      /^<p role="timer" aria-live="off"[^>]*>Your devices are held for you for (10:00|9:59) more<\/p>$/,
    );
  });
});
