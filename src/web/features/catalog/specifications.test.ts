import { describe, expect, it } from 'vitest';
import type { Device } from '../../../shared/catalog';
import { specificationRows } from './specifications';

const base: Device = {
  id: 'd1',
  name: 'Dell Latitude 5420',
  brand: 'Dell',
  type: 'laptop',
  model: 'Latitude 5420',
  condition: 'Good',
  storage: '256GB SSD',
  ram: null,
  displaySize: null,
  batteryHealth: null,
  price: 14999,
  originalPrice: null,
  inStock: true,
  quantity: 1,
  description: null,
  images: [],
  defaultImageIndex: 0,
  addedDate: '2026-11-01T00:00:00.000Z',
};

const rows = (device: Partial<Device>) => Object.fromEntries(specificationRows({ ...base, ...device }));

describe('specificationRows', () => {
  it("keeps the spec's fallbacks for phones, tablets and laptops", () => {
    for (const type of ['phone', 'tablet', 'laptop'] as const) {
      expect(rows({ type })).toMatchObject({ RAM: '8GB', Display: '15-inch' });
    }
  });

  it('shows the values a device has, of any type', () => {
    expect(rows({ type: 'laptop', ram: '16GB', displaySize: '14-inch' })).toMatchObject({
      RAM: '16GB',
      Display: '14-inch',
    });
    expect(rows({ type: 'tv', displaySize: '55-inch' })).toMatchObject({ Display: '55-inch' });
    expect(rows({ type: 'server', ram: '128GB' })).toMatchObject({ RAM: '128GB' });
  });

  it('leaves a missing RAM or display out for the other types instead of inventing one', () => {
    for (const type of ['accessory', 'tv', 'desktop', 'component', 'server', 'switch'] as const) {
      const table = rows({ type, displaySize: type === 'tv' ? '55-inch' : null });
      expect(table).not.toHaveProperty('RAM');
      if (type !== 'tv') expect(table).not.toHaveProperty('Display');
    }
  });

  it('lists the rows in order, battery health only when known', () => {
    expect(specificationRows({ ...base, batteryHealth: 90 }).map(([label]) => label)).toEqual([
      'Brand',
      'Model',
      'Condition',
      'Storage',
      'RAM',
      'Display',
      'Battery Health',
      'Warranty',
    ]);
    expect(rows({ type: 'accessory' })).not.toHaveProperty('Battery Health');
  });
});

describe('the storage row', () => {
  it("labels a storage size 'Storage' and any other fact of that field 'Feature'", () => {
    expect(rows({}).Storage).toBe('256GB SSD');
    expect(rows({ storage: '1 TB HDD' }).Storage).toBe('1 TB HDD');
    for (const [type, storage] of [
      ['switch', '24 ports'],
      ['tv', 'Smart TV'],
      ['accessory', 'Wireless'],
    ] as const) {
      const row = rows({ type, storage });
      expect(row.Storage).toBeUndefined();
      expect(row.Feature).toBe(storage);
    }
  });
});
