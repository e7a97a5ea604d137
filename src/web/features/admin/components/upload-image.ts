import { CSRF_HEADER } from '../../../../shared/errors';
import { ApiError } from '../../../lib/api';

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
