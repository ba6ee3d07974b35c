/**
 * A full navigation away from the single-page app (to a sign-in provider, or to a server route
 * that redirects to one). Its own module so that tests can stand in for the browser's navigation.
 */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
