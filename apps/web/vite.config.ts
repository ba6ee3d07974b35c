import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vite';

import { precompress } from './vite-precompress.ts';
import { preloadApp } from './vite-preload-app.ts';

// In development the API runs on its own port; in production the server serves `dist` itself.
export default defineConfig({
  plugins: [react(), tailwindcss(), preloadApp('/src/app.tsx'), precompress()],
  resolve: {
    // zod, configured for the Content-Security-Policy (see src/zod-configured.ts).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/zod-configured.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for debugging production errors, without advertising them to every browser.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Libraries every page needs, in chunks of their own: they change far less often than
        // the app, so browsers keep them cached across releases. The list virtualiser
        // (@tanstack/react-virtual) is not one of them: it loads with the lists that use it.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core))[\\/]/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-configured\.ts$/ },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            { name: 'dates', test: /node_modules[\\/]date-fns[\\/]/ },
          ],
        },
      },
    },
  },
});
