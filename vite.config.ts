import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const client = path.resolve(import.meta.dirname, 'src/client');

export default defineConfig({
  root: client,
  plugins: [react()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    reportCompressedSize: true,
    rolldownOptions: {
      // The back office, and the public pages as entries of their own (no react-admin, no MUI):
      // the woocommerce calculator (embedded in the shop's site) and the order tracking page.
      input: {
        index: path.join(client, 'index.html'),
        calculator: path.join(client, 'calculator.html'),
        tracking: path.join(client, 'tracking.html'),
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
