declare global {
  interface ImportMetaEnv {
    /** The map's tiles, as a Leaflet URL template; OpenStreetMap's own when unset. */
    readonly VITE_TOLK_TILE_URL?: string;
    /** Who the tiles are by (HTML); OpenStreetMap's credit when unset. */
    readonly VITE_TOLK_TILE_ATTRIBUTION?: string;
  }
}

/** Read at build time: a deployment points the maps at its own tile server with VITE_TOLK_TILE_URL. */
export const TILE_URL = import.meta.env.VITE_TOLK_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION =
  import.meta.env.VITE_TOLK_TILE_ATTRIBUTION ||
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
