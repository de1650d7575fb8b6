import { ThingDetailView } from '../components/thing-detail-view';
import { RecordDetailScreen } from '../components/record-screens';
import '../records.css';

/** /thing/{id}. */
export function Component() {
  return (
    <RecordDetailScreen kind="things">
      {(record, back) => <ThingDetailView thing={record} back={back} />}
    </RecordDetailScreen>
  );
}
