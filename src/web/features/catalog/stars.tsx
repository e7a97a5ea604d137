import { useId } from 'react';

const STAR = 'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z';

/**
 * Five stars drawn for a rating, as one small SVG (decorative: the figure beside them is the text).
 * A half star is the left half of the shape, clipped.
 */
export function Stars({ rating, className = 'h-4 w-20' }: { rating: number; className?: string }) {
  const id = useId();
  const filledWidth = Math.max(0, Math.min(5, rating)) * 24;
  return (
    <svg viewBox="0 0 120 24" className={`${className} shrink-0`} aria-hidden="true" focusable="false">
      <defs>
        <clipPath id={id}>
          <rect width={filledWidth} height="24" />
        </clipPath>
      </defs>
      {[0, 1, 2, 3, 4].map((n) => (
        <path key={n} d={STAR} transform={`translate(${n * 24})`} fill="#cbd5e1" />
      ))}
      <g clipPath={`url(#${id})`}>
        {[0, 1, 2, 3, 4].map((n) => (
          <path key={n} d={STAR} transform={`translate(${n * 24})`} fill="#f59e0b" />
        ))}
      </g>
    </svg>
  );
}
