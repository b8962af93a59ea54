// Builds the installable app's icons from the one source logo (public/favicon.svg) with sharp: the sizes
// browsers and stores ask for, a maskable set (full-bleed background, logo inside the safe zone) and the
// apple-touch-icon (opaque: iOS rounds the corners itself). Written into public/icons/ (not checked in),
// skipped when the icons are newer than the logo and this script.
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const source = path.resolve(here, '../public/favicon.svg');
const outDir = path.resolve(here, '../public/icons');

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
const upToDate = outputs.every((o) => {
  const target = path.join(outDir, o.file);
  return existsSync(target) && statSync(target).mtimeMs >= sourceTime;
});

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
  process.stdout.write(
    `Icônes de l’application : ${outputs.length} fichiers dans ${path.relative(process.cwd(), outDir)}\n`,
  );
}
