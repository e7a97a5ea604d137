import { Outlet, ScrollRestoration } from 'react-router';

/** The frame of every page (the layout helper fills in banner, header, footer, FOLLOW US bar, chat). */
export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <div className="flex-1">
        <Outlet />
      </div>
      <ScrollRestoration />
    </div>
  );
}
