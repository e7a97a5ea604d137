import { forSale, type Device } from '../../../shared/catalog';
import { toast } from '../../lib/toast';
import { primaryImage } from './device-image';

/**
 * Adds one of the device to the cart and says so (spec 000 section 8: '{name} added to cart!'). The
 * cart's store loads with the first add (or the header's badge, once the page is live), not with the page.
 */
export async function addDeviceToCart(device: Device): Promise<void> {
  const { cart } = await import('../../lib/cart-store');
  cart.add({
    id: device.id,
    name: device.name,
    price: device.price,
    image: primaryImage(device),
    condition: device.condition,
    storage: device.storage,
  });
  toast.success(`${device.name} added to cart!`);
}

/** Add to Cart on a card and on the device page: disabled and reading 'Out of Stock' when it cannot be bought. */
export function AddToCartButton({
  device,
  className,
  iconClassName,
}: {
  device: Device;
  className: string;
  iconClassName: string;
}) {
  const buyable = forSale(device);
  return (
    <button type="button" disabled={!buyable} onClick={() => void addDeviceToCart(device)} className={className}>
      {buyable && <span className={`icon icon-shopping-cart ${iconClassName}`} aria-hidden="true" />}
      {buyable ? 'Add to Cart' : 'Out of Stock'}
    </button>
  );
}
