import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Device } from '../../../shared/catalog';
import { paths } from '../../../shared/paths';
import { DISPLAY } from '../../../shared/store';
import { DeviceImage } from './device-image';
import { DevicePrice } from './device-price';

interface ShopCardProps {
  device: Device;
  sizes: string;
  priority?: boolean;
  /** Home cards cycle their images while hovered (spec 000 'Home'). */
  cycleOnHover?: boolean;
  /** h3 under a home section's h2; h2 on a collection page. */
  headingLevel?: 2 | 3;
}

/** The home and collection card: the fixed 5.0 badge, first image, name and prices, linking to the device. */
export function ShopCard({ device, sizes, priority = false, cycleOnHover = false, headingLevel = 3 }: ShopCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const count = device.images.length;

  useEffect(() => {
    if (!cycleOnHover || !hovered || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), DISPLAY.hoverRotationMs);
    return () => window.clearInterval(timer);
  }, [cycleOnHover, hovered, count]);

  return (
    <Link
      to={paths.device(device.id)}
      className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => {
        setHovered(false);
        setIndex(0);
      }}
    >
      <div className="relative aspect-[4/3] bg-slate-50">
        <DeviceImage
          src={device.images[index] ?? device.images[0]}
          alt={device.name}
          sizes={sizes}
          priority={priority}
        />
        <span className="absolute top-2 left-2 flex items-center gap-1 rounded-full bg-white/95 px-2 py-0.5 text-xs font-semibold text-slate-900 shadow-sm">
          <span className="icon icon-star h-3.5 w-3.5 text-amber-500" aria-hidden="true" />
          {DISPLAY.homeRating}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <Heading className="line-clamp-2 font-semibold text-slate-900 group-hover:text-brand-700">
          {device.name}
        </Heading>
        <DevicePrice price={device.price} originalPrice={device.originalPrice} className="mt-auto" />
      </div>
    </Link>
  );
}
