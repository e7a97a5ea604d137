import { useEffect, useState } from 'react';

/**
 * The time left on a checkout's stock hold, in words: the one countdown both the page (for
 * Paystack's widget, which shows no time) and the sandbox widget (given it as `holdCountdown`) show.
 */
export function holdCountdown(reservedUntil: string, now: number): string {
  const left = Math.max(0, Math.round((Date.parse(reservedUntil) - now) / 1000));
  if (!(left > 0)) return 'Your hold has lapsed: the devices may go to another buyer';
  const seconds = String(left % 60).padStart(2, '0');
  return `Your devices are held for you for ${Math.floor(left / 60)}:${seconds} more`;
}

/** The hold's countdown, ticking each second while the payment widget is open. */
export function HoldCountdown({ reservedUntil }: { reservedUntil: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const ticking = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(ticking);
  }, []);
  return (
    <p
      role="timer"
      aria-live="off"
      className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
    >
      {holdCountdown(reservedUntil, now)}
    </p>
  );
}
