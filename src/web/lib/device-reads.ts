import type { Device } from '../../shared/catalog';
import { api, nullWhenNotFound } from './api';

/**
 * One device as the store sells it now (GET /api/devices/:id), null when there is no such device:
 * the device page shows it, the cart checks its lines' prices and stock against it.
 */
export const readDevice = (id: string, init?: RequestInit) =>
  api.get<Device>(`/api/devices/${encodeURIComponent(id)}`, init).catch(nullWhenNotFound);
