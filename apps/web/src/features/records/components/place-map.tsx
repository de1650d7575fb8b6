import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeafletMapProps } from './leaflet-map';

// Leaflet, its stylesheet and the tile layer come with the first map shown, never before.
const LeafletMap = lazy(() => import('./leaflet-map'));

/** A map that could not even be loaded (offline, or a deploy since) leaves a sentence, not a hole. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A place's map, in the screen's flow: a blank area of the same size while Leaflet loads. */
export function PlaceMap(props: LeafletMapProps) {
  const { t } = useTranslation();
  return (
    <MapBoundary
      fallback={
        <p className="record-map-missing" role="status">
          {t('records.map.unavailable')}
        </p>
      }
    >
      <Suspense fallback={<div className="record-map-loading" aria-busy="true" />}>
        <LeafletMap {...props} />
      </Suspense>
    </MapBoundary>
  );
}
