import { Suspense, useState } from 'react';
import { optionalLazy } from '../../lib/chunks';
import { Link } from 'react-router';
import type { Device } from '../../../shared/catalog';
import { paths } from '../../../shared/paths';
import { DISPLAY } from '../../../shared/store';
import { AddToCartButton } from './add-to-cart';
import { DeviceAssurances } from './device-assurances';
import { DeviceImage, primaryImage } from './device-image';
import { DevicePrice } from './device-price';
import { Stars } from './stars';

const loadGallery = () => import('./gallery-dialog');
const GalleryDialog = optionalLazy(loadGallery);

interface DeviceCardProps {
  device: Device;
  sizes: string;
  priority?: boolean;
}

/** The buy listing's card (spec 000 'Buy listing'). */
export function DeviceCard({ device, sizes, priority = false }: DeviceCardProps) {
  const [galleryOpen, setGalleryOpen] = useState(false);
  const [galleryWanted, setGalleryWanted] = useState(false);

  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <button
        type="button"
        className="relative block aspect-[4/3] bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none focus-visible:ring-inset"
        aria-label={`Open ${device.name} gallery`}
        onPointerEnter={() => void loadGallery()}
        onFocus={() => void loadGallery()}
        onClick={() => {
          setGalleryWanted(true);
          setGalleryOpen(true);
        }}
      >
        <DeviceImage src={primaryImage(device)} alt={device.name} sizes={sizes} priority={priority} />
      </button>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 className="text-lg font-semibold text-slate-900">
          <Link to={paths.device(device.id)} className="hover:text-brand-700 hover:underline">
            {device.name}
          </Link>
        </h2>
        <DevicePrice price={device.price} originalPrice={device.originalPrice} />
        <div className="flex flex-wrap gap-2 text-xs font-medium">
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-700">{device.condition}</span>
          <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">{device.storage}</span>
        </div>
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <Stars rating={DISPLAY.listingRating} />
          <span className="font-medium">{DISPLAY.listingRating}</span>
          <span className="text-slate-600">({DISPLAY.listingReviewCount} reviews)</span>
        </div>
        <DeviceAssurances className="space-y-1" iconSize="h-4 w-4" />
        <div className="mt-auto flex gap-2 pt-2">
          <AddToCartButton
            device={device}
            iconClassName="h-4 w-4"
            className="flex flex-1 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
          />
          <Link
            to={paths.device(device.id)}
            className="flex items-center justify-center rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            View Details
          </Link>
        </div>
      </div>

      {galleryWanted && (
        <Suspense fallback={null}>
          <GalleryDialog device={device} open={galleryOpen} onOpenChange={setGalleryOpen} />
        </Suspense>
      )}
    </article>
  );
}
