import { PersonDetailView } from '../components/person-detail-view';
import { RecordDetailScreen } from '../components/record-screens';
import '../records.css';

/** /person/{id}. */
export function Component() {
  return (
    <RecordDetailScreen kind="persons">
      {(record, back) => <PersonDetailView person={record} back={back} />}
    </RecordDetailScreen>
  );
}
