import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { discountPercent } from '../../../shared/money';
import { paths } from '../../../shared/paths';
import { DISPLAY } from '../../../shared/store';
import { forSale, type Device } from '../../../shared/catalog';
import { money } from '../../lib/money';
import { usePageTitle } from '../../lib/use-page-title';
import { addDeviceToCart, AddToCartButton } from './add-to-cart';
import { useDevice } from './catalog-data';
import { DeviceAssurances } from './device-assurances';
import { DeviceImage } from './device-image';
import { ImageCarousel } from './image-carousel';
import { isStorageSize, specificationRows } from './specifications';
import { Stars } from './stars';

export function Component() {
  const query = useDevice();
  usePageTitle(
    query.data ? `${query.data.name} | QuickBuy` : query.data === null ? 'Device not found | QuickBuy' : undefined,
  );

  if (query.isPending) {
    return (
      // As tall as the page it stands for, so the footer does not jump when the device arrives.
      <div className="mx-auto min-h-[150vh] max-w-7xl px-4 py-24 text-center text-slate-600 sm:px-6 lg:px-8">
        <p role="status">Loading device details...</p>
      </div>
    );
  }
  if (!query.isSuccess || query.data === null) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-24 text-center sm:px-6 lg:px-8">
        <h1 className="text-2xl font-bold text-slate-900">
          {query.data === null ? 'Device not found' : 'Failed to load devices'}
        </h1>
        <BackLink className="mt-6 justify-center" />
      </div>
    );
  }
  return <DeviceDetail key={query.data.id} device={query.data} />;
}

function BackLink({ className = '' }: { className?: string }) {
  return (
    <Link
      to={paths.buy}
      className={`inline-flex items-center gap-2 font-medium text-brand-700 hover:underline ${className}`}
    >
      <span className="icon icon-arrow-left h-4 w-4" aria-hidden="true" />
      Back to devices
    </Link>
  );
}

function DeviceDetail({ device }: { device: Device }) {
  const navigate = useNavigate();
  const [index, setIndex] = useState(() => (device.images[device.defaultImageIndex] ? device.defaultImageIndex : 0));
  const buyNowTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(buyNowTimer.current), []);

  const discount = discountPercent(device.price, device.originalPrice);
  const thumbnails = device.images.slice(0, DISPLAY.maxThumbnails);
  const several = device.images.length > 1;

  const buyNow = () => {
    const added = addDeviceToCart(device);
    window.clearTimeout(buyNowTimer.current);
    // The delay counts from the press; the cart opens once the device is in it.
    buyNowTimer.current = window.setTimeout(() => void added.then(() => navigate(paths.cart)), DISPLAY.buyNowDelayMs);
  };

  const specifications = specificationRows(device);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <BackLink />

      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <div>
          <ImageCarousel
            device={device}
            index={index}
            onIndexChange={setIndex}
            sizes="(min-width: 1280px) 600px, (min-width: 1024px) 46vw, 92vw"
            priority
          />
          {several && (
            <div className="mt-4 grid grid-cols-4 gap-3">
              {thumbnails.map((image, i) => (
                <button
                  key={`${image}-${i}`}
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-label={`Show image ${i + 1}`}
                  aria-pressed={index === i}
                  className={`aspect-[4/3] overflow-hidden rounded-lg border-2 bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none ${
                    index === i ? 'border-brand-600' : 'border-transparent hover:border-slate-300'
                  }`}
                >
                  <DeviceImage src={image} alt="" sizes="(min-width: 1024px) 140px, 22vw" width={160} height={120} />
                </button>
              ))}
            </div>
          )}
        </div>

        <div>
          <h1 className="text-3xl font-bold text-slate-900">{device.name}</h1>
          <p className="mt-2 text-slate-700">
            <span className="font-medium">Brand:</span> {device.brand} <span aria-hidden="true">·</span>{' '}
            <span className="font-medium">Model:</span> {device.model}
          </p>
          <div className="mt-3 flex items-center gap-2 text-sm text-slate-700">
            <Stars rating={DISPLAY.listingRating} className="h-5 w-25" />
            <span className="font-semibold">{DISPLAY.listingRating}</span>
            <span className="text-slate-600">({DISPLAY.listingReviewCount} reviews)</span>
          </div>
          <div className="mt-4 flex flex-wrap gap-2 text-sm font-medium">
            <span className="rounded-full bg-brand-50 px-3 py-1 text-brand-700">{device.condition}</span>
            <span className="rounded-full bg-slate-100 px-3 py-1 text-slate-700">{device.storage}</span>
            <span
              className={`rounded-full px-3 py-1 ${forSale(device) ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}
            >
              {forSale(device) ? 'In Stock' : 'Out of Stock'}
            </span>
          </div>
          {!device.inStock && (
            <p role="status" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              This device is not available for sale at the moment.
            </p>
          )}

          <div className="mt-6 flex flex-wrap items-baseline gap-3">
            <span className="text-3xl font-bold text-slate-900">{money(device.price, 'card')}</span>
            {discount !== null && device.originalPrice !== null && (
              <>
                <span className="sr-only">Original price:</span>
                <s className="text-lg text-slate-600">{money(device.originalPrice, 'card')}</s>
                <span className="rounded-md bg-red-600 px-2 py-0.5 text-sm font-semibold text-white">
                  {discount}% off
                </span>
              </>
            )}
          </div>

          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <AddToCartButton
              device={device}
              iconClassName="h-5 w-5"
              className="flex flex-1 items-center justify-center gap-2 rounded-lg border-2 border-brand-600 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:border-slate-300 disabled:bg-slate-300 disabled:text-slate-700"
            />
            <button
              type="button"
              disabled={!forSale(device)}
              onClick={buyNow}
              className="flex flex-1 items-center justify-center gap-2 rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
            >
              <span className="icon icon-zap h-5 w-5" aria-hidden="true" />
              Buy Now
            </button>
          </div>

          <DeviceAssurances className="mt-6 space-y-2" iconSize="h-5 w-5" />
          {device.provenance && <p className="mt-3 text-sm text-slate-700">{device.provenance}</p>}

          <section aria-labelledby="device-description" className="mt-8">
            <h2 id="device-description" className="text-xl font-semibold text-slate-900">
              Description
            </h2>
            <p className="mt-2 whitespace-pre-line text-slate-700">
              {device.description ||
                `${device.name} in ${device.condition.toLowerCase()} condition${isStorageSize(device.storage) ? ` with ${device.storage} storage` : ''}, checked by our technicians.`}
            </p>
          </section>
        </div>
      </div>

      <div className="mt-12 grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="device-specifications">
          <h2 id="device-specifications" className="text-xl font-semibold text-slate-900">
            Specifications
          </h2>
          <dl className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {specifications.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 px-4 py-3 text-sm">
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd className="text-right text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="device-reviews">
          <h2 id="device-reviews" className="text-xl font-semibold text-slate-900">
            Customer Reviews
          </h2>
          <div className="mt-4 flex items-center gap-4 rounded-xl border border-slate-200 p-5">
            <p className="text-4xl font-bold text-slate-900">{DISPLAY.listingRating}</p>
            <div>
              <Stars rating={DISPLAY.listingRating} className="h-5 w-25" />
              <p className="mt-1 text-sm text-slate-600">Based on {DISPLAY.listingReviewCount} reviews</p>
            </div>
          </div>
          <p className="mt-4 text-sm text-slate-700">
            Every device is tested before it ships and covered by our {DISPLAY.warrantyMonths}-month warranty.{' '}
            <Link to={paths.reviews} className="font-medium text-brand-700 underline">
              Read what our customers say
            </Link>
          </p>
        </section>
      </div>
    </div>
  );
}
