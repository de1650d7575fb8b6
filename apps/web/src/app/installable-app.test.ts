import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const web = (file: string) => path.join(webRoot, file);
const manifest = JSON.parse(fs.readFileSync(web('public/manifest.webmanifest'), 'utf8')) as {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};
const indexHtml = fs.readFileSync(web('index.html'), 'utf8');
const tokens = fs.readFileSync(web('src/ui/tokens.css'), 'utf8');

/** Width and height from a PNG's header chunk, which comes first. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web app manifest', () => {
  it('names Tolk and opens the landing page as a standalone app over the whole site', () => {
    expect(manifest).toMatchObject({
      name: 'Tolk',
      short_name: 'Tolk',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.description.length).toBeGreaterThan(20);
    expect(indexHtml).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });

  it("takes its colours from the light theme: the page's background and the bar's colour", () => {
    expect(manifest.background_color).toBe(/:root\s*{[^}]*--bg:\s*(#[0-9a-f]{6})/i.exec(tokens)?.[1]);
    expect(indexHtml).toContain(
      `<meta name="theme-color" content="${manifest.theme_color}" media="(prefers-color-scheme: light)" />`,
    );
    // The dark variant is the dark theme's header, under the bar.
    const darkSurface = /body\.dark-mode\s*{[^}]*--surface:\s*(#[0-9a-f]{6})/i.exec(tokens)?.[1];
    expect(indexHtml).toContain(
      `<meta name="theme-color" content="${darkSurface}" media="(prefers-color-scheme: dark)" />`,
    );
  });

  it('has 192 and 512 pixel icons and a maskable one, each a PNG of the size it declares', () => {
    const declared = manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`);
    expect(declared).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      const bytes = fs.readFileSync(web(`public${icon.src}`));
      expect(pngSize(bytes), icon.src).toBe(icon.sizes);
    }
  });
});
