import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { IconButton } from './ui/icon-button';

const ARROW =
  'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-900 shadow hover:bg-white ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

/**
 * Photos at full size, one at a time: thumbnails and Previous/Next buttons choose which, and the
 * arrow keys, Home and End do too while focus is in the gallery. The shown photo is the stored
 * original (at most 1600 px wide), scaled to fit; 'Open full size' opens it alone in a new tab.
 * The keys act on the gallery's buttons, so a keyboard user steps through without reaching for Tab.
 */
export function PhotoGallery({ photos, label = 'Photos' }: { photos: string[]; label?: string }) {
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<Record<string, boolean>>({});
  if (photos.length === 0) return <p className="text-sm text-slate-600">No photos were uploaded.</p>;
  const current = photos[Math.min(index, photos.length - 1)]!;
  const show = (next: number) => setIndex((next + photos.length) % photos.length);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: photos.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    show(moves[event.key]!);
  }

  return (
    <section aria-label={label}>
      <figure className="relative flex min-h-48 items-center justify-center rounded-lg bg-slate-900">
        {failed[current] ? (
          <p className="p-8 text-sm text-slate-200">Image failed to load</p>
        ) : (
          <img
            src={current}
            alt={`${label}: ${index + 1} of ${photos.length}`}
            onError={() => setFailed((f) => ({ ...f, [current]: true }))}
            className="max-h-[60vh] w-full object-contain"
          />
        )}
        {photos.length > 1 && (
          <>
            <IconButton
              label="Previous photo"
              icon={ChevronLeft}
              iconClassName="size-5"
              onClick={() => show(index - 1)}
              onKeyDown={onKeyDown}
              className={`${ARROW} left-2`}
            />
            <IconButton
              label="Next photo"
              icon={ChevronRight}
              iconClassName="size-5"
              onClick={() => show(index + 1)}
              onKeyDown={onKeyDown}
              className={`${ARROW} right-2`}
            />
          </>
        )}
      </figure>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
        <p aria-live="polite" className="text-slate-600">
          Photo {index + 1} of {photos.length}
        </p>
        <a href={current} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline">
          Open full size
        </a>
      </div>
      {photos.length > 1 && (
        <ul className="mt-2 flex flex-wrap gap-2">
          {photos.map((src, i) => (
            <li key={`${src}-${i}`}>
              <button
                type="button"
                aria-label={`Show photo ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => show(i)}
                onKeyDown={onKeyDown}
                className={`block overflow-hidden rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
                  i === index ? 'ring-2 ring-brand-600' : 'opacity-80 hover:opacity-100'
                }`}
              >
                {/* The photo routes size an image by ?w= as /images/ does. */}
                <img src={`${src}?w=160`} alt="" loading="lazy" className="size-16 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
