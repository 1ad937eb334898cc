// npx tsx scripts/make-icon.ts → icon.png, the bundle's icon (manifest.json "icon"), and the
// small PNG the server sends beside its SVG icon (src/server/icon.ts ICON_PNG_BASE64).
// Drawn in code so it can be remade without an image editor: a rounded navy square holding
// a visual novel's dialogue box (a light panel with three dots), drawn on a 512-unit square at
// any size, antialiased by 4×4 supersampling. PNG written by hand (zlib deflate + CRC-32), no
// dependencies.
import { writeFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";
import { fileURLToPath } from "node:url";

/** The drawing's own units: icon.png is drawn at this size, one unit a pixel. */
const UNITS = 512;
/** The bundle's icon, icon.png. */
const BUNDLE_SIZE = 512;
/** The server's raster icon (server/icon.ts): hosts that show no SVG (VS Code) show this. */
export const SERVER_PNG_SIZE = 64;
const SAMPLES = 4;
type Rgba = [number, number, number, number];
const NAVY: Rgba = [33, 52, 84, 255];
const PANEL: Rgba = [236, 241, 248, 255];
const DOT: Rgba = [33, 52, 84, 255];
const NAME_TAB: Rgba = [120, 170, 230, 255];

/** Inside a rectangle with rounded corners (x, y, w, h, corner radius)? */
function inRounded(px: number, py: number, x: number, y: number, w: number, h: number, r: number): boolean {
  if (px < x || py < y || px > x + w || py > y + h) return false;
  const cx = Math.min(Math.max(px, x + r), x + w - r);
  const cy = Math.min(Math.max(py, y + r), y + h - r);
  return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
}

/** The colour at a point, topmost shape first; transparent outside the background. */
function colourAt(px: number, py: number): Rgba {
  const dots = [196, 256, 316];
  for (const dx of dots) if ((px - dx) ** 2 + (py - 330) ** 2 <= 22 ** 2) return DOT;
  if (inRounded(px, py, 112, 168, 150, 56, 18)) return NAME_TAB;
  if (inRounded(px, py, 80, 200, 352, 220, 36)) return PANEL;
  if (inRounded(px, py, 16, 16, 480, 480, 96)) return NAVY;
  return [0, 0, 0, 0];
}

function render(size: number): Buffer {
  const scale = UNITS / size;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0 (none), then RGBA
    for (let x = 0; x < size; x++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++)
        for (let sx = 0; sx < SAMPLES; sx++) {
          const c = colourAt((x + (sx + 0.5) / SAMPLES) * scale, (y + (sy + 0.5) / SAMPLES) * scale);
          // Premultiplied, so edges against transparency do not darken.
          for (let i = 0; i < 3; i++) sum[i]! += (c[i]! * c[3]) / 255;
          sum[3]! += c[3];
        }
      const n = SAMPLES * SAMPLES;
      const alpha = sum[3]! / n;
      for (let i = 0; i < 3; i++) row[1 + x * 4 + i] = alpha ? Math.round(((sum[i]! / n) * 255) / alpha) : 0;
      row[1 + x * 4 + 3] = Math.round(alpha);
    }
    rows.push(row);
  }
  return Buffer.concat(rows);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** The icon as a PNG of `size`×`size` pixels. */
export function iconPng(size: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(render(size), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const png = iconPng(BUNDLE_SIZE);
  const out = fileURLToPath(new URL("../icon.png", import.meta.url));
  writeFileSync(out, png);
  process.stdout.write(`wrote ${out} (${png.length} bytes)\n`);
  const small = iconPng(SERVER_PNG_SIZE);
  process.stdout.write(`server icon, ${SERVER_PNG_SIZE}×${SERVER_PNG_SIZE} PNG (${small.length} bytes): put into src/server/icon.ts ICON_PNG_BASE64:\n${small.toString("base64")}\n`);
}
