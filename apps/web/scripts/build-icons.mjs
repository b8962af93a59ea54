// Builds the installable app's icons from the one source logo (public/favicon.svg) with sharp: the sizes
// browsers and stores ask for, a maskable set (full-bleed background, logo inside the safe zone) and the
// apple-touch-icon (opaque: iOS rounds the corners itself), the favicon.ico every browser asks for by
// itself at the site's root (16, 32 and 48 px), and the notifications' badge (the pin alone, white on
// nothing, the fork cut out: Android draws a badge from its transparency only). Written into public/icons/ and public/favicon.ico (not
// checked in), skipped when they are newer than the logo and this script.
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const source = path.resolve(here, '../public/favicon.svg');
const outDir = path.resolve(here, '../public/icons');
const faviconIco = path.resolve(here, '../public/favicon.ico');
const ICO_SIZES = [16, 32, 48];

/** Keep in step with the manifest (apps/api/src/modules/site/manifest.ts), which a test checks. */
const ANY_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
const MASKABLE_SIZES = [192, 512];
const APPLE_TOUCH_SIZE = 180;
const BACKGROUND = '#f06023';

const outputs = [
  ...ANY_SIZES.map((size) => ({ file: `icon-${size}.png`, size, maskable: false })),
  ...MASKABLE_SIZES.map((size) => ({ file: `maskable-${size}.png`, size, maskable: true })),
  { file: 'apple-touch-icon.png', size: APPLE_TOUCH_SIZE, maskable: true },
];

const sourceTime = Math.max(statSync(source).mtimeMs, statSync(fileURLToPath(import.meta.url)).mtimeMs);
/** The notifications' badge (features/follow/push-notification.ts). */
const BADGE = { file: 'badge-96.png', size: 96 };

const upToDate = [
  ...outputs.map((o) => path.join(outDir, o.file)),
  path.join(outDir, BADGE.file),
  faviconIco,
].every((target) => existsSync(target) && statSync(target).mtimeMs >= sourceTime);

/** An ICO file whose images are PNGs (what every browser reads since Internet Explorer 9). */
function icoOf(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: an icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)]);
}

if (!upToDate) {
  const svg = await readFile(source, 'utf8');
  // Maskable: a square background to the edges (the platform cuts its own shape), the drawing scaled to
  // 80 % around the centre so it stays inside the safe zone (a circle of 40 % of the size).
  const inner = svg
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<rect[^>]*\/>/, '');
  const maskableSvg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" fill="${BACKGROUND}"/>` +
    `<g transform="translate(32 32) scale(0.8) translate(-32 -32)">${inner}</g></svg>`;

  await mkdir(outDir, { recursive: true });
  for (const output of outputs) {
    const input = Buffer.from(output.maskable ? maskableSvg : svg);
    const image = sharp(input, { density: Math.ceil((72 * output.size) / 64) * 2 }).resize(
      output.size,
      output.size,
    );
    await (output.maskable ? image.flatten({ background: BACKGROUND }) : image)
      .png({ compressionLevel: 9 })
      .toFile(path.join(outDir, output.file));
  }
  const icoImages = await Promise.all(
    ICO_SIZES.map(async (size) => ({
      size,
      png: await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) * 2 })
        .resize(size, size)
        .png({ compressionLevel: 9 })
        .toBuffer(),
    })),
  );
  await writeFile(faviconIco, icoOf(icoImages));
  // The logo’s paths, in order: the pin, the fork (its background is a rect).
  const [pin, fork] = [...svg.matchAll(/<path\b[^>]*\bd="([^"]+)"/g)].map((match) => match[1]);
  const badgeSvg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<mask id="fourchette"><rect width="64" height="64" fill="#fff"/><path d="${fork}" fill="#000"/></mask>` +
    `<path d="${pin}" fill="#fff" mask="url(#fourchette)"/></svg>`;
  await sharp(Buffer.from(badgeSvg), { density: Math.ceil((72 * BADGE.size) / 64) * 2 })
    .resize(BADGE.size, BADGE.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, BADGE.file));
  process.stdout.write(
    `Icônes de l’application : ${outputs.length + 1} fichiers dans ${path.relative(process.cwd(), outDir)}, et favicon.ico\n`,
  );
}
