import { CSRF_HEADER, isApiErrorBody } from '../../shared/errors';

/** An error reply of the API, with the server's code, message and per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

async function send(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers[CSRF_HEADER] = '1';
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  return fetch(path, {
    method,
    credentials: 'same-origin',
    ...init,
    headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
}

/** A refusal as an ApiError: the API's own `{ error }` when it sent one. */
function refusal(response: Response, data: unknown): ApiError {
  if (isApiErrorBody(data)) {
    const { code, message, fields } = data.error;
    return new ApiError(response.status, code, message, fields);
  }
  return new ApiError(response.status, 'HTTP_ERROR', `Request failed (${response.status})`);
}

async function request<T>(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const response = await send(method, path, body, init);
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) throw refusal(response, data);
  return data as T;
}

/** A POST answered with a file: its bytes and the name the server gave it; a refusal as any request's. */
async function download(path: string, body: unknown): Promise<{ file: Blob; name: string }> {
  const response = await send('POST', path, body);
  if (!response.ok) throw refusal(response, safeJson(await response.text()));
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  return { file: await response.blob(), name };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The typed client; state-changing calls carry the QuickBuy header. Only the request files call it: a
 * feature's `<feature>-api.ts`, and lib/ for what several features share (docs/architecture.md); a lint
 * rule (eslint.config.js) refuses `api` anywhere else.
 */
export const api = {
  get: <T>(path: string, init?: RequestInit) => request<T>('GET', path, undefined, init),
  post: <T>(path: string, body?: unknown, init?: RequestInit) => request<T>('POST', path, body ?? {}, init),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => request<T>('DELETE', path),
  download,
};

/** A 404 is an answer (nothing there), kept as null data rather than an error. */
export function nullWhenNotFound(error: unknown): null {
  if (error instanceof ApiError && error.status === 404) return null;
  throw error;
}
