import { useTranslation } from 'react-i18next';
import { lazyPart, PartBoundary } from '../../../ui/lazy-part';
import type { LeafletMapProps } from './leaflet-map';

// Leaflet, its stylesheet and the tile layer come with the first map shown, never before.
const LeafletMap = lazyPart(() => import('./leaflet-map'));

/**
 * A place's map, in the screen's flow: a blank area of the same size while Leaflet loads. A map
 * that could not even be loaded (offline, or a deploy since) leaves a sentence and a retry, not a
 * hole, and comes by itself once the browser is back online.
 */
export function PlaceMap(props: LeafletMapProps) {
  const { t } = useTranslation();
  return (
    <PartBoundary
      parts={[LeafletMap]}
      loading={<div className="record-map-loading" aria-busy="true" />}
      message={t('records.map.unavailable')}
      failedClassName="record-map-missing"
    >
      <LeafletMap {...props} />
    </PartBoundary>
  );
}
