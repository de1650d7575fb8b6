import { PlaceFormView } from '../components/place-form-view';
import { RecordFormScreen } from '../components/record-screens';
import '../records.css';

/** /place/add and /place/edit/{id}. */
export function Component() {
  return <RecordFormScreen kind="places">{(record) => <PlaceFormView record={record} />}</RecordFormScreen>;
}
