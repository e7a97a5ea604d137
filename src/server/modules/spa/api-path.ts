/**
 * True when a request's path is under /api, read as the router reads it: percent-decoded, so
 * `/%61pi/x` is an API path too (and gets the API's JSON 404, not the web app).
 */
export function isApiPath(url: string): boolean {
  const raw = url.split('?')[0] ?? '';
  let pathname = raw;
  try {
    pathname = decodeURIComponent(raw);
  } catch {
    // A malformed escape: the router matches nothing either; judge the path as written.
  }
  return pathname === '/api' || pathname.startsWith('/api/');
}
