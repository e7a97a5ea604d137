import { useState } from 'react';
import { imageUrl } from '../../shared/catalog';

/** A stored photo in back-office views (device images, trade-in photos), with 'Image failed to load' in its place when it breaks (spec 000 section 8). */
export function StoredImage({ src, alt, className = '' }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div
        className={`flex items-center justify-center bg-slate-100 p-2 text-center text-xs text-slate-500 ${className}`}
      >
        Image failed to load
      </div>
    );
  }
  return (
    <img
      src={imageUrl(src, 320)}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(true)}
      className={`object-cover ${className}`}
    />
  );
}
