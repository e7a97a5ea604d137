import { paths } from '../../../shared/paths';
import { REPAIR_SERVICES, type RepairService } from '../../../shared/repair-services';
import { STORE } from '../../../shared/store';
import type { AppContext } from '../../context';
import { absoluteUrl, headTags } from '../catalog';
import type { HeadResolver, PageHead } from '../../lib/page-heads';

/** 'R1,000-R4,000' -> [1000, 4000]; 'N/A' -> null. */
function priceBounds(range: string): [number, number] | null {
  const amounts = range.match(/[\d,]+/g)?.map((part) => Number(part.replace(/,/g, '')));
  return amounts && amounts.length === 2 ? [amounts[0]!, amounts[1]!] : null;
}

function serviceOffers(service: RepairService) {
  return (
    [
      ['Phone', service.phonePrice],
      ['Laptop', service.laptopPrice],
    ] as const
  ).flatMap(([device, range]) => {
    const bounds = priceBounds(range);
    if (!bounds) return [];
    return [
      {
        '@type': 'Offer',
        name: `${service.name} (${device})`,
        priceSpecification: {
          '@type': 'PriceSpecification',
          minPrice: bounds[0],
          maxPrice: bounds[1],
          priceCurrency: 'ZAR',
        },
      },
    ];
  });
}

/** The repairs page's head: its title and description, and the nine services with their price ranges as JSON-LD. */
function repairsHead(publicUrl: string): PageHead {
  const title = 'Repair Services | QuickBuy';
  const description = `Professional phone, tablet and laptop repairs in ${STORE.city} with free pickup: screens, batteries, water damage, charging ports and more, with warranty.`;
  const url = absoluteUrl(publicUrl, paths.repairs);
  const provider = {
    '@type': 'LocalBusiness',
    name: STORE.name,
    telephone: STORE.phone,
    address: STORE.address,
    url: absoluteUrl(publicUrl, paths.home),
  };
  const list = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: 'Repair services',
    itemListElement: REPAIR_SERVICES.map((service, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Service',
        name: service.name,
        description: service.description,
        serviceType: 'Device repair',
        areaServed: STORE.city,
        provider,
        url,
        offers: serviceOffers(service),
      },
    })),
  };
  const extra = headTags({ title, description, url, type: 'website', jsonLd: list });
  return { title, description, extra };
}

/** Head resolvers for registerSpa: the repairs page. */
export function repairHeads({ config }: AppContext): Record<string, HeadResolver> {
  return { [paths.repairs]: async () => repairsHead(config.PUBLIC_URL) };
}
