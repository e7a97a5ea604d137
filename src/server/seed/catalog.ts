import type { Database } from '../db/client';
import { deviceImages, devices, images, stockUnits } from '../db/schema';
import { ARTWORK_VIEWS, deviceArtwork, shapeVariant, type ArtworkView } from './artwork';
import { DEMO_DEVICES, describeDemoDevice, type DemoDevice } from './demo-devices';
import { ARTWORK_SIZE, mapLimit, renderArtwork } from './render';

/** The newest demo device was added this long before the seed ran; each next one three hours before it. */
const SPACING_MS = 3 * 60 * 60 * 1000;
/** What the store paid for a demo unit, as a share of its price. */
const DEMO_COST_SHARE = 0.7;

interface Artwork {
  key: string;
  svg: string;
}

/** The artworks of one device: its own front (with the model name), then views shared by type, shape and brand. */
function artworksOf(device: DemoDevice): Artwork[] {
  return ARTWORK_VIEWS.slice(0, device.images).map((view: ArtworkView) => {
    const key =
      view === 'front'
        ? `front|${device.brand}|${device.model}`
        : `${view}|${device.brand}|${shapeVariant(device.type, device.model)}`;
    return { key, svg: deviceArtwork({ type: device.type, brand: device.brand, model: device.model, view }) };
  });
}

/**
 * The demo catalog: 71 real devices over all nine types, each with 1 to 5 pictures
 * drawn locally and rendered to WebP once per distinct artwork. Called inside the first-start
 * transaction; returns how many devices it wrote.
 */
export async function seedDemoCatalog(db: Database, now: Date = new Date()): Promise<number> {
  const perDevice = DEMO_DEVICES.map(artworksOf);
  const distinct = new Map<string, string>();
  for (const art of perDevice.flat()) distinct.set(art.key, art.svg);
  const keys = [...distinct.keys()];
  const rendered = await mapLimit(keys, 4, (key) => renderArtwork(distinct.get(key)!));

  const imageRows = await db
    .insert(images)
    .values(rendered.map((data) => ({ contentType: 'image/webp', ...ARTWORK_SIZE, data })))
    .returning({ id: images.id });
  const imageIdByKey = new Map(keys.map((key, i) => [key, imageRows[i]!.id]));

  const start = now.getTime() - 60 * 60 * 1000;
  const deviceRows = await db
    .insert(devices)
    .values(
      DEMO_DEVICES.map((device, i) => {
        const addedAt = new Date(start - i * SPACING_MS);
        return {
          name: `${device.brand} ${device.model}`,
          brand: device.brand,
          type: device.type,
          model: device.model,
          condition: device.condition,
          storage: device.storage,
          ram: device.ram,
          displaySize: device.displaySize,
          batteryHealth: device.batteryHealth,
          price: device.price,
          originalPrice: device.originalPrice,
          quantity: device.quantity,
          inStock: true,
          description: describeDemoDevice(device),
          defaultImageIndex: 0,
          createdAt: addedAt,
          updatedAt: addedAt,
        };
      }),
    )
    .returning({ id: devices.id });

  await db
    .insert(deviceImages)
    .values(
      deviceRows.flatMap((row, i) =>
        perDevice[i]!.map((art, position) => ({ deviceId: row.id, position, imageId: imageIdByKey.get(art.key)! })),
      ),
    );
  // Every unit on the shelf has its row, as the admin's device form makes them: bought by hand at a cost, so
  // the demo's Reports tab shows a margin from the first sale.
  await db.insert(stockUnits).values(
    deviceRows.flatMap((row, i) => {
      const device = DEMO_DEVICES[i]!;
      const unit = {
        deviceId: row.id,
        source: 'by-hand' as const,
        cost: Math.round(device.price * DEMO_COST_SHARE),
        listedAt: new Date(start - i * SPACING_MS),
      };
      return Array.from({ length: device.quantity }, () => unit);
    }),
  );
  return deviceRows.length;
}
