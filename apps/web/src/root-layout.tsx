import { Outlet, ScrollRestoration } from 'react-router';

/** The root route: every page, with scroll positions restored on back and forward. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
