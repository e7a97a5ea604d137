import type { APIRequestContext, Page } from '@playwright/test';
import { forSale, type Device, type DeviceListReply } from '../../src/shared/catalog';
import { expect } from './fixtures';

// What the storefront's stories share: the two widths they walk at, the catalog as the API lists it, and
// scrolling to the page's very bottom.

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

/** Every device the catalog lists, page by page (other specs add devices of their own as they run). */
export async function allDevices(request: APIRequestContext): Promise<Device[]> {
  const devices: Device[] = [];
  for (let page = 1; ; page += 1) {
    const response = await request.get(`/api/devices?pageSize=100&page=${page}`);
    expect(response.ok()).toBe(true);
    const reply = (await response.json()) as DeviceListReply;
    devices.push(...reply.items);
    if (reply.items.length === 0 || devices.length >= reply.filteredTotal) return devices;
  }
}

export async function findDevice(request: APIRequestContext, wanted: (device: Device) => boolean): Promise<Device> {
  const device = (await allDevices(request)).find(wanted);
  if (!device) throw new Error('The demo catalog has no device of the kind this story needs');
  return device;
}

/** The device with the most units for sale: the devices other stories list, they also buy, meanwhile. */
export async function mostStocked(request: APIRequestContext): Promise<Device> {
  const [device] = (await allDevices(request)).filter(forSale).sort((a, b) => b.quantity - a.quantity);
  if (!device) throw new Error('The demo catalog has no device for sale');
  return device;
}

export const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/**
 * Scrolls the page to its very bottom and waits until it is there: each try scrolls again, as the page
 * may still grow while its sections load.
 */
export async function scrollToBottom(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const root = document.documentElement;
        window.scrollTo(0, root.scrollHeight);
        return Math.ceil(window.scrollY + window.innerHeight) >= root.scrollHeight;
      }),
    )
    .toBe(true);
}
