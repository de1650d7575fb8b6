import { describe, expect, it } from 'vitest';
import { loadConfig, tileOrigin } from './config';

describe('map tiles', () => {
  it("are OpenStreetMap's by default, credited, with their origin for the page's policy", () => {
    const { mapTiles } = loadConfig({});
    expect(mapTiles.url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(mapTiles.attribution).toContain('OpenStreetMap');
    expect(mapTiles.origin).toBe('https://tile.openstreetmap.org');
  });

  it('allow every subdomain a template picks with {s}', () => {
    expect(tileOrigin('https://{s}.tiles.example.org/{z}/{x}/{y}@2x.png')).toBe('https://*.tiles.example.org');
    expect(tileOrigin('http://10.0.0.5:8080/tiles/{z}/{x}/{y}.png')).toBe('http://10.0.0.5:8080');
  });

  it('refuse a URL without the tile coordinates, saying what is expected', () => {
    expect(() => loadConfig({ TOLK_MAP_TILE_URL: 'https://tiles.example.org/map.png' })).toThrow(
      /TOLK_MAP_TILE_URL: a tile URL template such as/,
    );
    expect(() => loadConfig({ TOLK_MAP_TILE_URL: 'javascript:alert(1)//{z}/{x}/{y}' })).toThrow(/TOLK_MAP_TILE_URL/);
  });
});
