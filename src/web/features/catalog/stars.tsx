import { Star, StarHalf } from 'lucide-react';

/** Five stars drawn for a rating (decorative: the figure beside them is the text). */
export function Stars({ rating, className = 'h-4 w-4' }: { rating: number; className?: string }) {
  return (
    <span className="flex text-amber-500" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) =>
        rating >= n ? (
          <Star key={n} className={`${className} fill-current`} />
        ) : rating >= n - 0.5 ? (
          <StarHalf key={n} className={`${className} fill-current`} />
        ) : (
          <Star key={n} className={`${className} text-slate-300`} />
        ),
      )}
    </span>
  );
}
