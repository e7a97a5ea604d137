/*
 * The catalog module's front door: its routes, the storefront's reads and page heads, and stock (only the
 * catalog changes a device's quantity). Nothing else of the module is imported from outside it (the
 * quickbuy/server-modules lint rule).
 */

export { registerCatalogAdminRoutes } from './admin-routes';
export { findDevice, getCollection, listDevices } from './device-queries';
export { imagesOfDevices } from './listed-images';
export { listBoughtDevice, listedPriceOf } from './inventory';
export type { BoughtDevice } from './inventory';
export { registerCatalogRoutes } from './routes';
export { absoluteUrl, catalogHeads, headTags, registerSeoRoutes } from './seo';
export { releaseStock, reserveStock, retakeStock } from './stock';
export type { ReservedLine, StockLine } from './stock';
export { returnSoldUnits, sellUnits } from './stock-units';
export type { UnitOrigin } from './stock-units';
export { storefrontCatalog } from './storefront';
export type { StorefrontCatalog } from './storefront';
