/**
 * A device list that has no devices to show yet: 'Loading products...' (as tall as a page, so the
 * footer does not jump when they arrive), or 'Failed to load devices'.
 */
export function ListStatus({ failed }: { failed: boolean }) {
  return failed ? (
    <p className="py-16 text-center text-red-700" role="alert">
      Failed to load devices
    </p>
  ) : (
    <p className="min-h-[100vh] py-16 text-center text-slate-600" role="status">
      Loading products...
    </p>
  );
}
