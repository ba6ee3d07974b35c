import { MESSAGES } from '@arena/shared/messages';
import type { PushSubscriptionInput } from '@arena/shared/notification.schema';

import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type {
  PushSubscriptionsRepository,
  StoredPushSubscription,
} from './push-subscriptions.repository.ts';

/**
 * The browsers' push services: the server sends to a subscription's endpoint, so an endpoint
 * anywhere else would make Arena post to an address a caller chose (a request forgery against
 * internal hosts, or traffic aimed at someone's server). A name with a leading dot matches its
 * subdomains; the others match exactly.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Opera, Samsung Internet
  'updates.push.services.mozilla.com', // Firefox
  '.push.services.mozilla.com',
  '.notify.windows.com', // Edge on Windows
  'web.push.apple.com', // Safari
  '.push.apple.com',
];

/** Whether push may be sent to this endpoint: https, at a push service or an extra host. */
export function isPushServiceEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  // An extra host may name a port (a local receiver); a push service is on the default one.
  if (extraHosts.includes(url.host)) return true;
  if (url.port) return false;
  const host = url.hostname;
  return PUSH_SERVICE_HOSTS.some((allowed) =>
    allowed.startsWith('.')
      ? host.endsWith(allowed) && host.length > allowed.length
      : host === allowed,
  );
}

export type PushSubscriptionsService = ReturnType<typeof createPushSubscriptionsService>;

export function createPushSubscriptionsService(deps: {
  subscriptions: PushSubscriptionsRepository;
  /** PUSH_ENDPOINT_HOSTS: hosts (`host` or `host:port`) allowed besides the push services. */
  extraHosts?: readonly string[];
}) {
  const extraHosts = deps.extraHosts ?? [];
  return {
    /**
     * Turns push on in this browser for the member (the shared schema has checked the shape),
     * for as long as the session it was turned on in lasts.
     */
    async subscribe(
      auth: Pick<AuthContext, 'profileId' | 'sessionId'>,
      input: PushSubscriptionInput,
    ): Promise<void> {
      if (!isPushServiceEndpoint(input.endpoint, extraHosts)) {
        throw new AppError('bad_request', MESSAGES.notifications.pushEndpointForeign);
      }
      await deps.subscriptions.save(auth.profileId, auth.sessionId ?? null, {
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
      });
    },

    /** Turns push off in a browser; idempotent, and never touches another member's browser. */
    async unsubscribe(profileId: string, endpoint: string): Promise<void> {
      await deps.subscriptions.remove(profileId, endpoint);
    },

    listFor(profileId: string): Promise<StoredPushSubscription[]> {
      return deps.subscriptions.listFor(profileId);
    },
  };
}
