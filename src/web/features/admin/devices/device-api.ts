import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Device } from '../../../../shared/catalog';
import { CSRF_HEADER } from '../../../../shared/errors';
import type { DeviceForm, StockImagesReply } from '../../../../shared/inventory';
import { api, ApiError } from '../../../lib/api';
import { usePagedList } from '../../../lib/use-paged-list';

/** The Devices tab's pages live under `all` (usePagedList); the stock pictures the form offers beside them. */
const DEVICE_KEYS = { all: ['admin', 'devices'] as const, stockImages: ['admin', 'stock-images'] as const };

/** The inventory grid: paged, searched and filtered by stock on the server. */
export const useDeviceList = () => usePagedList<Device>(DEVICE_KEYS.all, '/api/admin/devices');

/** The pictures every device may use; they do not change while the admin works. */
export const useStockImages = () =>
  useQuery({
    queryKey: DEVICE_KEYS.stockImages,
    queryFn: () => api.get<StockImagesReply>('/api/admin/stock-images'),
    staleTime: Infinity,
  });

export const deviceActions = {
  /** Adds a device, or changes `device` when there is one. */
  save: (device: Device | null, body: DeviceForm) =>
    device ? api.patch<Device>(`/api/admin/devices/${device.id}`, body) : api.post<Device>('/api/admin/devices', body),
  /** The card's In Stock / Out of Stock switch: only `inStock` changes, the quantity stays. */
  setInStock: (device: Device, inStock: boolean) => api.patch<Device>(`/api/admin/devices/${device.id}`, { inStock }),
  remove: (id: string) => api.delete<{ message: string }>(`/api/admin/devices/${id}`),
};

/** After a change: every page of the grid is stale. */
export function useRefreshDevices() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: DEVICE_KEYS.all });
}

/**
 * POST /api/admin/images with the file as the body, reporting upload progress (fetch cannot), so
 * the device form can show a bar per photo. Resolves to the stored image's id and URL.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<{ id: string; url: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/images');
    xhr.setRequestHeader('content-type', file.type);
    xhr.setRequestHeader(CSRF_HEADER, '1');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 201) return resolve(body as { id: string; url: string });
      const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
      reject(new ApiError(xhr.status, error?.code ?? 'HTTP_ERROR', error?.message ?? 'Upload failed'));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Upload failed: check your connection'));
    xhr.send(file);
  });
}
