/**
 * The installed app's icons (the web app manifest, vite.config.ts): the brand's mark (MUI's Pool icon,
 * src/client/pool-icon.html) white on the brand's blue, drawn by Chromium as PNG at the sizes phones ask for.
 * «maskable» fills the whole square, the mark within the middle 60 % that every launcher's mask keeps.
 * Run again (`npm run icons`) when the mark or the colour changes; the PNGs are committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { palette } from '../src/client/brand';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const client = path.resolve(import.meta.dirname, '../src/client');
const out = path.join(client, 'public/icons');
const mark = fs.readFileSync(path.join(client, 'pool-icon.html'), 'utf8').replace(/<!--[\s\S]*?-->\s*/, '').trim();
const blue = palette.primary.main;

/** An SVG of `size` px: the mark at `share` of the side, on a rounded square (`radius`, a share of the side) of the brand's blue. */
const svg = (size: number, share: number, radius: number) => {
  const scale = (size * share) / 24;
  const offset = (size - size * share) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`
    + `<rect width="${size}" height="${size}" rx="${size * radius}" fill="${blue}"/>`
    + `<g fill="#fff" transform="translate(${offset} ${offset}) scale(${scale})">${mark}</g></svg>`;
};

const icons = [
  { file: 'icon-192.png', size: 192, share: 0.7, radius: 0.18 },
  { file: 'icon-512.png', size: 512, share: 0.7, radius: 0.18 },
  { file: 'icon-maskable-512.png', size: 512, share: 0.56, radius: 0 },
  { file: 'apple-touch-icon.png', size: 180, share: 0.66, radius: 0 },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
try {
  fs.mkdirSync(out, { recursive: true });
  for (const { file, size, share, radius } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<body style="margin:0;background:transparent">${svg(size, share, radius)}</body>`);
    await page.locator('svg').screenshot({ path: path.join(out, file), omitBackground: true });
    await page.close();
    console.log(`${file} ${size} × ${size}`);
  }
} finally {
  await browser.close();
}
