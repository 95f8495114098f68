import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.OPENYARD_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  server: {
    proxy: {
      '/rest': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true },
      '/docs': { target: apiTarget },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Vendor code changes rarely: keep it in its own long-cached chunks.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie)[\\/]/,
              priority: 30,
            },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui|@tabler)[\\/]/, priority: 20 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
