/**
 * Makes the installable app's PNG icons (SPEC §13.3) from public/logo.svg:
 *
 *   node --import tsx apps/web/scripts/make-icons.ts
 *
 * icon-192.png and icon-512.png are the logo as it is (its own rounded square); icon-maskable-512.png
 * fills the whole square with the logo's blue and keeps the helmet inside the middle 80 %, the
 * part every platform's mask leaves visible. The PNGs are committed: the build does not need sharp.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const PUBLIC = path.resolve(import.meta.dirname, '../public');
/** The logo's background colour (public/logo.svg), also the manifest's background. */
const LOGO_BLUE = '#2a4bd7';
/** Of a maskable icon, the share the helmet takes: inside the 80 % safe zone, with a margin. */
const MASKABLE_CONTENT = 0.62;

const logo = readFileSync(path.join(PUBLIC, 'logo.svg'), 'utf8');

async function plain(size: number): Promise<void> {
  await sharp(Buffer.from(logo), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(PUBLIC, `icon-${size}.png`));
}

async function maskable(size: number): Promise<void> {
  // The logo without its rounded square: the helmet alone, on a transparent ground.
  const helmet = logo.replace(/<rect[^>]*\/>/, '');
  const inner = Math.round(size * MASKABLE_CONTENT);
  const art = await sharp(Buffer.from(helmet), { density: (72 * inner) / 64 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: LOGO_BLUE } })
    .composite([{ input: art, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(PUBLIC, `icon-maskable-${size}.png`));
}

await Promise.all([plain(192), plain(512), maskable(512)]);
