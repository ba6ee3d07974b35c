import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vite';

import { firstPageChunk } from './vite-first-page-chunk.ts';
import { firstScreenIcons } from './vite-first-screen-icons.ts';
import { precompress } from './vite-precompress.ts';
import { preloadApp } from './vite-preload-app.ts';

const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

/** The pages of a folder of src/features. */
const pagesIn = (folder: string) =>
  readdirSync(src(`features/${folder}`))
    .filter((file) => file.endsWith('-page.tsx'))
    .map((file) => src(`features/${folder}/${file}`));

// The signed-in frame and the feed, the page most visits open on, in one chunk of their own; what
// they share with the pages a visitor opens stays out of it, so that those pages do not load it.
const feedChunk = firstPageChunk({
  name: 'feed',
  page: [src('features/shell/app-layout.tsx'), src('features/feed/feed-page.tsx')],
  already: [
    src('boot.ts'),
    src('app.tsx'),
    ...['landing', 'auth', 'legal'].flatMap(pagesIn),
    src('features/errors/not-found-page.tsx'),
  ],
});

// The icons of the landing page, sign-in, the frame and the feed; the other pages' load with them.
const iconsChunk = firstScreenIcons(
  [
    'components',
    ...['landing', 'auth', 'legal', 'shell', 'feed', 'errors'].map((f) => `features/${f}`),
  ].map((folder) => src(folder)),
);

// React Router's package exports name only its development build, whose warnings (and the code
// that checks for them) would ship to every browser (remix-run/react-router#12532); its production
// build is in the same package, and the app's build uses it. The router's two entries share their
// chunks, so both are redirected.
const reactRouterBuild = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

// In development the API runs on its own port; in production the server serves `dist` itself.
const DEV_API = 'http://localhost:3000';

/**
 * The API refuses requests on its session-cookie routes and its WebSocket from pages of other
 * origins (apps/server/src/http/same-origin.ts). A page this dev server serves sends this
 * server's origin; the proxy, which is what puts the API at another origin, presents the API's
 * instead. Only for this server's own pages: another site's requests keep their origin and are
 * refused as they would be in production.
 */
function presentApiOrigin(
  proxyRequest: { setHeader(name: string, value: string): unknown },
  request: { headers: { origin?: string; host?: string } },
) {
  const { origin, host } = request.headers;
  if (origin && host && origin === `http://${host}`) proxyRequest.setHeader('origin', DEV_API);
}

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), preloadApp('/src/app.tsx'), feedChunk.plugin, precompress()],
  resolve: {
    alias: [
      // zod, configured for the Content-Security-Policy (see src/zod-configured.ts).
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/zod-configured.ts', import.meta.url)),
      },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterBuild, 'index.mjs') },
            {
              find: /^react-router\/dom$/,
              replacement: path.join(reactRouterBuild, 'dom-export.mjs'),
            },
          ]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: DEV_API,
        changeOrigin: true,
        ws: true,
        configure: (proxy) => {
          proxy.on('proxyReq', presentApiOrigin);
          proxy.on('proxyReqWs', presentApiOrigin);
        },
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for debugging production errors, without advertising them to every browser.
    sourcemap: 'hidden',
    modulePreload: {
      // A public profile (/p/{username}) is opened from a shared link, its page's chunk first:
      // its imports load as that chunk asks for them, and the landing page's entry does not
      // carry their list (it would put the landing page over its budget, issue 8).
      resolveDependencies: (filename, deps) =>
        filename.includes('public-profile-page') ? [] : deps,
    },
    rolldownOptions: {
      output: {
        // Libraries every page needs, in chunks of their own: they change far less often than
        // the app, so browsers keep them cached across releases. The list virtualiser
        // (@tanstack/react-virtual) is not one of them: it loads with the lists that use it.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core))[\\/]/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-configured\.ts$/ },
            { name: 'icons', test: iconsChunk },
            { name: 'dates', test: /node_modules[\\/]date-fns[\\/]/ },
            { name: 'feed', test: feedChunk.test },
            // The shared lists (sports, user types) with the sign-in schema most forms use: apart,
            // every lazy page's preload list in the app's entry would name one more file.
            {
              name: 'auth.schema',
              test: /packages[\\/]shared[\\/]src[\\/](auth\.schema|factor\.schema|public-profile-settings\.schema|constants)\.ts$/,
            },
          ],
        },
      },
    },
  },
}));
