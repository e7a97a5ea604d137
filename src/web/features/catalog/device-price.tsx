import { money } from '../../lib/money';

interface DevicePriceProps {
  price: number;
  originalPrice: number | null;
  className?: string;
  priceClassName?: string;
}

/** The price, and the original price struck through when it is higher (naira sign on cards). */
export function DevicePrice({
  price,
  originalPrice,
  className = '',
  priceClassName = 'text-lg font-bold text-slate-900',
}: DevicePriceProps) {
  const showOriginal = originalPrice !== null && originalPrice > price;
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className={priceClassName}>{money(price, 'card')}</span>
      {showOriginal && (
        <>
          <span className="sr-only">Original price:</span>
          <s className="text-sm text-slate-600">{money(originalPrice, 'card')}</s>
        </>
      )}
    </p>
  );
}
