import 'leaflet/dist/leaflet.css';
import '../map.css';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { LatLon } from '@tolk/shared/geo';
import { mapTilesQuery } from '../map-tiles';
import type { Point } from '../place-form';

/** The whole world when there is no point yet; a street's surroundings around one. */
const WORLD = { center: [20, 0] as [number, number], zoom: 1 };
const STREET_ZOOM = 14;
/** A city and its outskirts, some 20 km across on a phone: a tap anywhere is in or near it. */
const CITY_ZOOM = 11;

export interface LeafletMapProps {
  /** What the map shows, for screen readers ("Map of Café Central"). */
  label: string;
  point: Point | null;
  /** Given, a tap or click on the map picks the point. */
  onPick?: ((point: Point) => void) | undefined;
  /**
   * A city to show, whenever a new one is given (one just chosen): the map centres on it at a
   * city's scale, whatever it showed before. The same object again moves nothing.
   */
  focus?: LatLon | null | undefined;
}

function PickOnClick({ onPick }: { onPick: (point: Point) => void }) {
  useMapEvents({
    click(event) {
      // A click on a copy of the world east or west of the first is the same place on Earth.
      const { lat, lng } = event.latlng.wrap();
      onPick({ lat, lon: lng });
    },
  });
  return null;
}

/** A point set from elsewhere (typed, or a record loaded) comes into view; one picked here already is. */
function FollowPoint({ point }: { point: Point | null }) {
  const map = useMap();
  useEffect(() => {
    if (point && !map.getBounds().contains([point.lat, point.lon])) {
      map.setView([point.lat, point.lon], Math.max(map.getZoom(), STREET_ZOOM - 2));
    }
  }, [map, point]);
  return null;
}

/** A city just chosen comes into view, once per choice (the member may then move the map). */
function FollowFocus({ focus }: { focus: LatLon | null }) {
  const map = useMap();
  useEffect(() => {
    if (focus) map.setView([focus.lat, focus.lon], CITY_ZOOM);
  }, [map, focus]);
  return null;
}

/**
 * A Leaflet map of one point, loaded only by the screens that show one (never with the first
 * page). Leaflet works out where a click is without any tiles, so a point can be picked even
 * when the tile server cannot be reached; the map then says so in words over its blank area.
 * Inside, a map reads left to right whatever the page's direction.
 */
export default function LeafletMap({ label, point, onPick, focus }: LeafletMapProps) {
  const { t } = useTranslation();
  const [tiles, setTiles] = useState<'loading' | 'loaded' | 'failed'>('loading');
  // Without the setting (offline, the server unreachable) the map still works: no tiles, said so.
  const source = useQuery(mapTilesQuery());
  const failed = tiles === 'failed' || source.isError;
  return (
    <div className="record-map">
      <div className="record-map-frame" dir="ltr" role="region" aria-label={label}>
        <MapContainer
          className="record-map-canvas"
          center={point ? [point.lat, point.lon] : WORLD.center}
          zoom={point ? STREET_ZOOM : WORLD.zoom}
          scrollWheelZoom={false}
          worldCopyJump
        >
          {source.data && (
            <TileLayer
              url={source.data.url}
              attribution={source.data.attribution}
              eventHandlers={{
                tileload: () => {
                  setTiles('loaded');
                },
                tileerror: () => {
                  // One tile lost among many loaded is not worth a word.
                  setTiles((state) => (state === 'loaded' ? state : 'failed'));
                },
              }}
            />
          )}
          {point && (
            <CircleMarker
              className="record-map-point"
              center={[point.lat, point.lon]}
              radius={9}
              interactive={false}
              pathOptions={{ weight: 3, fillOpacity: 0.35 }}
            />
          )}
          {onPick && <PickOnClick onPick={onPick} />}
          <FollowPoint point={point} />
          <FollowFocus focus={focus ?? null} />
        </MapContainer>
      </div>
      {failed && (
        <p className="record-map-note" role="status">
          {onPick ? t('records.map.tilesFailedPick') : t('records.map.tilesFailed')}
        </p>
      )}
    </div>
  );
}
