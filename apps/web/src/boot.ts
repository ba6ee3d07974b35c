/**
 * The entry: small, so that it runs as soon as it arrives, while index.html's preloads bring
 * the framework and the app (app.tsx). It starts what the first page waits on before that code
 * has run: restoring the session, the first page's requests (their answers are taken by the
 * page's own calls, features/feed/early-answers.ts) and the page's code.
 */
import './index.css';

import { sendEarly, sendFirstRequests } from './features/feed/early-answers.ts';
import { pageCodeFor } from './features/feed/first-page-code.ts';
import { preloadFirstPhoto } from './features/feed/first-photo.ts';
import { createBrowserSessionManager } from './lib/session/browser-session.ts';
import { browserFlagStores, hasSessionFlag } from './lib/session/session-flags.ts';
import { STALE_BUILD_MESSAGE, shouldReloadForStaleBuild } from './stale-build.ts';

/** The page's one session manager: the app gets it from here, its screens through context. */
const sessionManager = createBrowserSessionManager();

sendFirstRequests(sessionManager, window.location, (path, accessToken) => {
  const answer = sendEarly(path, accessToken);
  if (path === '/api/feed') void answer.then((feed) => feed && preloadFirstPhoto(feed.body));
  return answer;
});
void sessionManager.start();
for (const load of pageCodeFor(window.location.pathname, hasSessionFlag(browserFlagStores()))) {
  // The router asks for the same chunks when it renders; a failure is handled there.
  load().catch(() => undefined);
}

// The app's code is arriving meanwhile (index.html preloads it). It runs once the session's
// request is on its way: its first render would hold that request back otherwise.
void sessionManager
  .whenStartupSent()
  .then(() => import('./app.tsx'))
  .then(({ startApp }) => startApp(sessionManager))
  .catch((error: unknown) => {
    // A build replaced since index.html was read, or the connection lost: reload once, else say so.
    if (shouldReloadForStaleBuild(error, window.sessionStorage)) {
      window.location.reload();
      return;
    }
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.className = 'mx-auto mt-16 max-w-xl px-4 text-center text-slate-900';
    message.textContent = STALE_BUILD_MESSAGE;
    document.getElementById('root')?.replaceChildren(message);
  });
