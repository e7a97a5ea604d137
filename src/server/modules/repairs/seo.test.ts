import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../../../tests/support/temp-folders';
import { useTestApp } from '../../../../tests/support/test-app';

const INDEX_HTML = `<!doctype html><html><head><meta charset="utf-8" /><title>QuickBuy</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>`;
const webDir = tempFolder('quickbuy-web-');
writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);

const t = useTestApp({ WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://quickbuy.example', ALLOW_SANDBOX_PAYMENTS: 'true' });

describe('GET /repairs (the page head)', () => {
  it('sends the title, description and the nine services with their price ranges as JSON-LD', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/repairs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Repair Services | QuickBuy</title>');
    expect(res.body).toContain(
      '<meta name="description" content="Professional phone, tablet and laptop repairs in Cape Town',
    );
    expect(res.body).toContain('<link rel="canonical" href="https://quickbuy.example/repairs" />');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)![1]!;
    const list = JSON.parse(json) as { itemListElement: { item: { name: string; offers: unknown[] } }[] };
    expect(list.itemListElement.map((entry) => entry.item.name)).toEqual([
      'Screen Repair',
      'Battery Replacement',
      'Water Damage',
      'Charging Port',
      'Software Issues',
      'Motherboard Repair',
      'Unlock Password',
      'Unlock Network',
      'Phone Glitching',
    ]);
    expect(list.itemListElement[0]!.item.offers).toEqual([
      {
        '@type': 'Offer',
        name: 'Screen Repair (Phone)',
        priceSpecification: { '@type': 'PriceSpecification', minPrice: 350, maxPrice: 1200, priceCurrency: 'ZAR' },
      },
      {
        '@type': 'Offer',
        name: 'Screen Repair (Laptop)',
        priceSpecification: { '@type': 'PriceSpecification', minPrice: 800, maxPrice: 2500, priceCurrency: 'ZAR' },
      },
    ]);
    // Unlock Network has no laptop price ('N/A'): only the phone offer.
    expect(list.itemListElement[7]!.item.offers).toHaveLength(1);
  });
});
