/**
 * Every table, one file per owning module (docs/architecture.md, "Tables and their owners"). A module
 * imports only its own file; this index is for the database client, drizzle-kit, the seed, reports
 * (read-only aggregates) and tests.
 */
export * from './accounts';
export * from './app-meta';
export * from './audit';
export * from './backups';
export * from './catalog';
export * from './contact';
export * from './images';
export * from './mail';
export * from './orders';
export * from './payments';
export * from './privacy';
export * from './rate-limit-store';
export * from './repairs';
export * from './returns';
export * from './trade-ins';
