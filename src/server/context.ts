import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';

/** What every module's routes and services are given: no globals, so tests build their own. */
export interface AppContext {
  config: Config;
  db: Database;
  clock: Clock;
}
