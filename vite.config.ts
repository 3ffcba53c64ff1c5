import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/client'),
  plugins: [react()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    reportCompressedSize: true,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
