import type { KeyboardEvent } from 'react';
import type { Device } from '../../../shared/catalog';
import { DeviceImage } from './device-image';

interface ImageCarouselProps {
  device: Pick<Device, 'images' | 'name'>;
  index: number;
  onIndexChange: (index: number) => void;
  sizes: string;
  priority?: boolean;
}

const frameClass = 'aspect-[4/3] overflow-hidden rounded-xl bg-slate-50';

/**
 * One image at a time with previous/next (only when there is more than one image) and the arrow
 * keys; the placeholder when the device has none. Small on purpose: a carousel library would not
 * fit the first-load budget.
 */
export function ImageCarousel({ device, index, onIndexChange, sizes, priority = false }: ImageCarouselProps) {
  const { images, name } = device;
  const count = images.length;
  const several = count > 1;
  const go = (step: number) => onIndexChange((index + step + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!several) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };

  if (count === 0) {
    // No picture yet: the placeholder, and no carousel to announce.
    return (
      <div className={frameClass}>
        <DeviceImage src={undefined} alt={name} sizes={sizes} priority={priority} />
      </div>
    );
  }

  return (
    <div
      className={`relative ${frameClass}`}
      role="group"
      aria-roledescription="carousel"
      aria-label={`${name} images`}
    >
      <DeviceImage
        src={images[index]}
        alt={several ? `${name}, image ${index + 1} of ${count}` : name}
        sizes={sizes}
        priority={priority}
      />
      {several && (
        <>
          <button
            type="button"
            onClick={() => go(-1)}
            onKeyDown={onKeyDown}
            aria-label="Previous image"
            className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-900 shadow hover:bg-white focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          >
            <span className="icon icon-chevron-left h-5 w-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            onKeyDown={onKeyDown}
            aria-label="Next image"
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-900 shadow hover:bg-white focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          >
            <span className="icon icon-chevron-right h-5 w-5" aria-hidden="true" />
          </button>
        </>
      )}
    </div>
  );
}
