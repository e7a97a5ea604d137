import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { devices, images } from '../db/schema';
import { deviceArtwork } from './artwork';
import { DEMO_DEVICES, describeDemoDevice } from './demo-devices';
import { ARTWORK_SIZE, mapLimit, renderArtwork } from './render';

const CONDITIONS = ['Excellent', 'Good', 'Fair'];

/**
 * Add `count` devices for benchmarks, built in SQL from the demo models (generate_series, one
 * statement a chunk: no rows travel from Node to the database but the 71 templates). Each device
 * gets its model's front picture; prices vary by up to 20% around the model's, a tenth are out of
 * stock, added times are a minute apart, older than any existing device.
 */
export async function seedBulkDevices(
  db: Database,
  options: { count: number; chunkSize?: number; onProgress?: (done: number) => void },
): Promise<number> {
  const { count, chunkSize = 20_000 } = options;
  if (count <= 0) return 0;
  const pictures = await mapLimit(DEMO_DEVICES, 4, (device) =>
    renderArtwork(deviceArtwork({ type: device.type, brand: device.brand, model: device.model, view: 'front' })),
  );
  const imageRows = await db
    .insert(images)
    .values(pictures.map((data) => ({ contentType: 'image/webp', ...ARTWORK_SIZE, data })))
    .returning({ id: images.id });
  const templates = DEMO_DEVICES.map((device, idx) => ({
    idx,
    brand: device.brand,
    model: device.model,
    type: device.type,
    storage: device.storage,
    ram: device.ram,
    display_size: device.displaySize,
    battery_health: device.batteryHealth,
    price: device.price,
    description: describeDemoDevice(device),
    image_id: imageRows[idx]!.id,
  }));
  const [first] = await db.select({ at: sql<string | null>`min(${devices.createdAt})::text` }).from(devices);
  const oldest = first?.at ?? null;
  const start = oldest ? sql`${oldest}::timestamptz` : sql`now()`;
  const templateJson = JSON.stringify(templates);
  const conditions = `{${CONDITIONS.join(',')}}`;

  let done = 0;
  while (done < count) {
    const from = done + 1;
    const to = Math.min(count, done + chunkSize);
    await db.execute(sql`
      with t as (
        select * from jsonb_to_recordset(${templateJson}::jsonb) as x(
          idx int, brand text, model text, type text, storage text, ram text, display_size text,
          battery_health int, price int, description text, image_id uuid)
      ),
      src as (
        select gen_random_uuid() as id, g, t.*,
          (t.price * (80 + (g * 7919) % 41) / 100)::int as new_price,
          (g % 10) as qty,
          ${start} - make_interval(mins => g + 1) as added
        from generate_series(${from}::int, ${to}::int) as g
        join t on t.idx = g % ${templates.length}
      ),
      inserted as (
        insert into devices (id, name, brand, type, model, condition, storage, ram, display_size, battery_health,
          price, original_price, quantity, in_stock, description, default_image_index, created_at, updated_at)
        select id, brand || ' ' || model, brand, type, model, (${conditions}::text[])[1 + g % 3], storage, ram,
          display_size, battery_health, new_price,
          case when g % 4 = 0 then new_price + 500 + (g % 7) * 250 else null end,
          qty, qty > 0, description, 0, added, added
        from src
        returning id
      )
      insert into device_images (device_id, position, image_id)
      select src.id, 0, src.image_id from src join inserted on inserted.id = src.id
    `);
    done = to;
    options.onProgress?.(done);
  }
  // Vacuumed as well as analysed, as after any bulk load: the search indexes' pending entries are merged and the
  // pages marked visible now, not by autovacuum on the same cores while the store serves its first shoppers.
  await db.execute(sql`vacuum (analyze) devices`);
  await db.execute(sql`vacuum (analyze) device_images`);
  return count;
}
