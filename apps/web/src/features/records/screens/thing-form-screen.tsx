import { ThingFormView } from '../components/thing-form-view';
import { RecordFormScreen } from '../components/record-screens';
import '../records.css';

/** /thing/add and /thing/edit/{id}. */
export function Component() {
  return <RecordFormScreen kind="things">{(record) => <ThingFormView record={record} />}</RecordFormScreen>;
}
