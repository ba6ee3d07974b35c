/*
 * Arena's service worker: it shows the notifications the server pushes, and opens what one is
 * about when it is clicked. Nothing else (no caching): the app works as it does without it.
 */

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Arena';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      data: { url: typeof message.url === 'string' ? message.url : '/notifications' },
      icon: '/favicon.svg',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only Arena's own pages: a pushed address elsewhere is not followed.
  const target = new URL(event.notification.data?.url ?? '/notifications', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = tabs.find((tab) => new URL(tab.url).origin === self.location.origin);
      if (open) {
        // A tab opened before this worker took control cannot be navigated from here.
        const navigated = await open.navigate(url).catch(() => null);
        if (navigated) {
          await navigated.focus();
          return;
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
