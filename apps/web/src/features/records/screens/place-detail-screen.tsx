import { PlaceDetailView } from '../components/place-detail-view';
import { RecordDetailScreen } from '../components/record-screens';
import '../records.css';

/** /place/{id}. */
export function Component() {
  return (
    <RecordDetailScreen kind="places">
      {(record, back) => <PlaceDetailView place={record} back={back} />}
    </RecordDetailScreen>
  );
}
