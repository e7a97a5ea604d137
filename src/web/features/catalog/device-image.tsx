import { useEffect, useRef, useState } from 'react';
import { IMAGE_WIDTHS, imageUrl, PLACEHOLDER_IMAGE, type Device } from '../../../shared/catalog';

/** The image a card or the cart uses: the default image, else the first, else the placeholder. */
export function primaryImage(device: Pick<Device, 'images' | 'defaultImageIndex'>): string {
  return device.images[device.defaultImageIndex] ?? device.images[0] ?? PLACEHOLDER_IMAGE;
}

/** Our own image URLs (/images/:id) come in several widths; anything else is used as it is. */
function variants(url: string): { src: string; srcSet?: string } {
  if (!url.startsWith('/images/')) return { src: url };
  const base = url.split('?')[0] ?? url;
  return {
    src: imageUrl(base, 640),
    srcSet: IMAGE_WIDTHS.map((width) => `${imageUrl(base, width)} ${width}w`).join(', '),
  };
}

interface DeviceImageProps {
  src: string | undefined;
  alt: string;
  /** The displayed width per breakpoint, matching the grid the image sits in. */
  sizes: string;
  /** The first visible image of a page loads eagerly and first; the rest lazily. */
  priority?: boolean;
  width?: number;
  height?: number;
  className?: string;
}

/**
 * A device photo: responsive WebP variants, intrinsic size to avoid layout shift, and the
 * placeholder once if the image is broken (a broken placeholder does not loop).
 */
export function DeviceImage({
  src,
  alt,
  sizes,
  priority = false,
  width = 640,
  height = 480,
  className = 'h-full w-full object-contain',
}: DeviceImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  const ref = useRef<HTMLImageElement>(null);
  // A server-rendered image can fail before hydration attaches onError: look once it is ours.
  useEffect(() => {
    const image = ref.current;
    if (src && image?.complete && image.naturalWidth === 0 && image.currentSrc) setFailedSrc(src);
  }, [src]);
  const { src: url, srcSet } = broken ? { src: PLACEHOLDER_IMAGE, srcSet: undefined } : variants(src);
  return (
    <img
      ref={ref}
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
      onError={() => {
        if (!broken && src) setFailedSrc(src);
      }}
    />
  );
}
