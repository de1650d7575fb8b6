import { queryOptions } from '@tanstack/react-query';
import type { MapTiles } from '@tolk/shared/schemas/cities';
import { get } from '../../lib/http';

/** Where the maps take their tiles from: the server's setting (TOLK_MAP_TILE_URL), read once. */
export const mapTilesQuery = () =>
  queryOptions({
    queryKey: ['map-tiles'] as const,
    queryFn: ({ signal }) => get<MapTiles>('/map-tiles', { signal }),
    staleTime: Infinity,
  });
