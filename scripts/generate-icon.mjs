#!/usr/bin/env node
/**
 * Draws the extension's icon, images/icon.png (128x128 RGBA): a small DOM tree
 * (an orange root, three children, square connectors) on a rounded dark-blue
 * square. Every pixel is the average of 4x4 samples, so edges are smooth.
 * Written with node:zlib only; the PNG chunks follow the PNG specification.
 *
 * Usage: node scripts/generate-icon.mjs
 */
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SIZE = 128;
const SAMPLES = 4;
const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'images', 'icon.png');

// Shapes are [inside(x, y) -> boolean, colour(x, y) -> [r, g, b]], painted in order.
const BACKGROUND_TOP = [0x1f, 0x5a, 0x8f];
const BACKGROUND_BOTTOM = [0x14, 0x2c, 0x47];
const LINE = [0xe6, 0xee, 0xf6];
const ROOT = [0xf2, 0x9a, 0x38];
const CHILD = [0xe6, 0xee, 0xf6];

function roundedSquare(x, y, margin, radius) {
  const lo = margin + radius;
  const hi = SIZE - margin - radius;
  const dx = Math.max(lo - x, 0, x - hi);
  const dy = Math.max(lo - y, 0, y - hi);
  return dx * dx + dy * dy <= radius * radius;
}

const circle = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const rect = (x0, y0, x1, y1) => (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);
const solid = (c) => () => c;

const CHILD_Y = 94;
const CHILDREN_X = [32, 64, 96];
const BAR_Y = 62;
const W = 3.5; // half the connector width

const shapes = [
  [(x, y) => roundedSquare(x, y, 2, 26), (_x, y) => mix(BACKGROUND_TOP, BACKGROUND_BOTTOM, y / SIZE)],
  [rect(64 - W, 32, 64 + W, BAR_Y + W), solid(LINE)],
  [rect(CHILDREN_X[0] - W, BAR_Y - W, CHILDREN_X[2] + W, BAR_Y + W), solid(LINE)],
  ...CHILDREN_X.map((cx) => [rect(cx - W, BAR_Y - W, cx + W, CHILD_Y), solid(LINE)]),
  [circle(64, 32, 15), solid(ROOT)],
  ...CHILDREN_X.map((cx) => [circle(cx, CHILD_Y, 11), solid(CHILD)]),
];

function pixel(px, py) {
  let r = 0;
  let g = 0;
  let b = 0;
  let a = 0;
  for (let sy = 0; sy < SAMPLES; sy++) {
    for (let sx = 0; sx < SAMPLES; sx++) {
      const x = px + (sx + 0.5) / SAMPLES;
      const y = py + (sy + 0.5) / SAMPLES;
      let colour = null;
      for (const [inside, paint] of shapes) if (inside(x, y)) colour = paint(x, y);
      if (colour === null) continue;
      r += colour[0];
      g += colour[1];
      b += colour[2];
      a += 1;
    }
  }
  if (a === 0) return [0, 0, 0, 0];
  // Colour averaged over the covered samples; alpha is the coverage.
  return [r / a, g / a, b / a, (a / (SAMPLES * SAMPLES)) * 255].map(Math.round);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

// Each scanline: filter type 0 (None), then RGBA bytes.
const raw = Buffer.alloc(SIZE * (1 + SIZE * 4));
for (let y = 0; y < SIZE; y++) {
  const row = y * (1 + SIZE * 4);
  raw[row] = 0;
  for (let x = 0; x < SIZE; x++) raw.set(pixel(x, y), row + 1 + x * 4);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // colour type: RGBA
header[10] = 0; // compression: deflate
header[11] = 0; // filter method 0
header[12] = 0; // no interlace

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, png);
console.log(`wrote ${OUT} (${png.length} bytes)`);
