// Renders the installable app's icons (public/icons/*.png, named in public/manifest.webmanifest)
// from public/favicon.svg. Run once after changing the favicon, and commit the PNGs:
//   node apps/web/scripts/render-icons.mjs
// sharp is the server's dependency (apps/server); nothing is fetched.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const favicon = fs.readFileSync(path.join(publicDir, 'favicon.svg'));
const outDir = path.join(publicDir, 'icons');
fs.mkdirSync(outDir, { recursive: true });

// The favicon's own background, so a maskable icon's full-bleed square continues its tile.
const background = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(favicon.toString('utf8'))?.[1];
if (!background) throw new Error('favicon.svg has no filled <rect> to take the background colour from');

const png = (image) => image.png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 });
const render = (size) => sharp(favicon, { density: Math.ceil((72 * size) / 64) }).resize(size, size);

async function write(name, image) {
  const file = path.join(outDir, name);
  await png(image).toFile(file);
  console.log(`${path.relative(process.cwd(), file)}: ${fs.statSync(file).size} bytes`);
}

for (const size of [192, 512]) await write(`icon-${size}.png`, render(size));

// Maskable: platforms cut it to a circle or a squircle that keeps the middle 80%, so the tile is
// drawn at 70% on a square of its own colour; the glyph stays inside the safe zone.
const MASKABLE = 512;
const inner = Math.round(MASKABLE * 0.7);
const offset = Math.round((MASKABLE - inner) / 2);
await write(
  'icon-maskable-512.png',
  sharp({ create: { width: MASKABLE, height: MASKABLE, channels: 4, background } }).composite([
    { input: await render(inner).png().toBuffer(), left: offset, top: offset },
  ]),
);
