/** The build's precompression (vite.config.ts), shared with the web bench's builds (scripts/bench-web.ts). */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Assets worth compressing: scripts, styles, vector images and the scanner's WebAssembly, of a kilobyte or more. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|wasm)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text asset, once at build time, so that the
 * server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) { outDir = path.resolve(config.root, config.build.outDir); },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const source = fs.readFileSync(path.join(outDir, file));
        if (source.length < 1024) continue;
        fs.writeFileSync(path.join(outDir, `${file}.br`), zlib.brotliCompressSync(source, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        }));
        fs.writeFileSync(path.join(outDir, `${file}.gz`), zlib.gzipSync(source, { level: 9 }));
      }
    },
  };
}
