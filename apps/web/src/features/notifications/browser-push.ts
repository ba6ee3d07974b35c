import type { PushSubscriptionInput } from '@arena/shared/notification.schema';

/*
 * This browser's side of web push: the service worker (public/sw.js), the permission, and the
 * subscription the push service gives. The server is told about it by the caller.
 */

/** Where push stands in this browser. */
export type PushState = 'unsupported' | 'denied' | 'on' | 'off';

const WORKER_URL = '/sw.js';

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The subscription this browser holds for Arena, if any (without registering anything). */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(WORKER_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** The VAPID key as `PushManager.subscribe` takes it: base64url → bytes. */
function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Registers the service worker, asks for permission (the browser asks the member once) and
 * subscribes. Resolves to the subscription to send to the server, or to the state that stopped
 * it: 'denied' when the member or the browser refuses notifications, 'off' when the prompt was
 * dismissed.
 */
export async function subscribeToPush(
  vapidPublicKey: string,
): Promise<{ subscription: PushSubscription; input: PushSubscriptionInput } | PushState> {
  if (!pushSupported()) return 'unsupported';
  await navigator.serviceWorker.register(WORKER_URL);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKey(vapidPublicKey),
  });
  return { subscription, input: subscription.toJSON() as PushSubscriptionInput };
}

/** Ends this browser's subscription; resolves to its endpoint for the server, or null. */
export async function unsubscribeFromPush(): Promise<string | null> {
  if (!pushSupported()) return null;
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return endpoint;
}

/** The part of the session manager this needs: its state, and word of each change. */
interface SessionSource {
  getState(): { status: string; reason?: string };
  subscribe(listener: () => void): () => void;
}

/**
 * Ends this browser's subscription when its session ends (signed out here or in another tab,
 * or expired): the server already stops pushing to it, and the next member to sign in here
 * must not find push shown as on for them. Returns the unsubscribe.
 */
export function endPushWithSession(session: SessionSource): () => void {
  return session.subscribe(() => {
    const state = session.getState();
    if (
      state.status === 'signed-out' &&
      (state.reason === 'signed-out' || state.reason === 'expired')
    ) {
      unsubscribeFromPush().catch(() => {
        // A browser that cannot say: the server pushes nothing to an ended session anyway.
      });
    }
  });
}
