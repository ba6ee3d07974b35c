/** The page's window and document, for 'online', 'offline' and 'visibilitychange'. */
export interface RealtimeEnvironment {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

/**
 * Calls `onWake` when the network comes back or the tab becomes visible again (a laptop waking
 * from sleep, a phone bringing the browser back), and `onOffline` when the network goes.
 * Returns how to stop listening.
 */
export function watchWakeUps(
  env: RealtimeEnvironment,
  { onWake, onOffline }: { onWake: () => void; onOffline: () => void },
): () => void {
  const visibility = () => {
    if (env.document.visibilityState === 'visible') onWake();
  };
  env.window.addEventListener('online', onWake);
  env.window.addEventListener('offline', onOffline);
  env.document.addEventListener('visibilitychange', visibility);
  return () => {
    env.window.removeEventListener('online', onWake);
    env.window.removeEventListener('offline', onOffline);
    env.document.removeEventListener('visibilitychange', visibility);
  };
}
