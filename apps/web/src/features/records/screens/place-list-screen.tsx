import { MapPinned } from 'lucide-react';
import { RecordList } from '../components/record-list';
import { PlaceRow } from '../components/record-rows';
import '../records.css';

export function Component() {
  return (
    <RecordList
      kind="places"
      emptyIcon={<MapPinned aria-hidden size={40} />}
      row={(place) => <PlaceRow place={place} />}
    />
  );
}
