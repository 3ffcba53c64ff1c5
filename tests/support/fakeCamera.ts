/**
 * A camera for Chromium made by the test: a Y4M video (what --use-file-for-fake-video-capture plays, in a
 * loop) of an item's label drawn by bwip-js as src/server/documents/labels.ts draws it, or of a blank sheet.
 *
 *   const browser = await launchWithCamera(await labelVideo('A1B2C3D4E5F6'));
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import bwipjs from 'bwip-js/node';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 10;

/** Grey levels (0 black … 255 white) of an 8-bit, non-interlaced PNG (grey, grey + alpha, RGB or RGBA). */
export function pngToGrey(png: Buffer): { width: number; height: number; grey: Uint8Array } {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [depth, colour, , , interlace] = png.subarray(24, 29);
  const channels = ({ 0: 1, 4: 2, 2: 3, 6: 4 } as Record<number, number>)[colour];
  if (depth !== 8 || !channels || interlace) throw new Error(`PNG not handled: depth ${depth}, colour ${colour}, interlace ${interlace}`);
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x];
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c;
      const paeth
        = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter];
      pixels[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const px = pixels.subarray(i * channels, (i + 1) * channels);
    const alpha = channels === 2 ? px[1] / 255 : channels === 4 ? px[3] / 255 : 1;
    const luma = channels <= 2 ? px[0] : 0.299 * px[0] + 0.587 * px[1] + 0.114 * px[2];
    // Transparent is the white paper.
    grey[i] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return { width, height, grey };
}

/** A Y4M file of `FRAMES` identical frames: `grey` (or white) centred on a white 640 × 480 picture. */
function y4m(image?: { width: number; height: number; grey: Uint8Array }): string {
  const luma = new Uint8Array(WIDTH * HEIGHT).fill(255);
  if (image) {
    if (image.width > WIDTH || image.height > HEIGHT)
      throw new Error(`label ${image.width} × ${image.height} larger than the camera's picture`);
    const left = (WIDTH - image.width) >> 1;
    const top = (HEIGHT - image.height) >> 1;
    for (let y = 0; y < image.height; y++) luma.set(image.grey.subarray(y * image.width, (y + 1) * image.width), (top + y) * WIDTH + left);
  }
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2)).fill(128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const video = Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array(FRAMES).fill(frame)]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cob-camera-')), 'camera.y4m');
  fs.writeFileSync(file, video);
  return file;
}

/** A camera filming an item's label: its Code 128 bar code with the code under it (labels.ts's options). */
export async function labelVideo(code: string): Promise<string> {
  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text: code,
    scale: 3,
    height: 12,
    includetext: true,
    textxalign: 'center',
    paddingwidth: 10,
    paddingheight: 10,
    backgroundcolor: 'FFFFFF',
  });
  return y4m(pngToGrey(png));
}

/** A camera filming a blank sheet. */
export const blankVideo = () => y4m();

/** Chromium whose only camera plays `video` (a fresh browser: the file is fixed at launch). */
export function launchWithCamera(video: string, extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH, headless: true,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`, ...extraArgs],
  });
}
