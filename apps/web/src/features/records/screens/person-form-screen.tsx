import { PersonFormView } from '../components/person-form-view';
import { RecordFormScreen } from '../components/record-screens';
import '../records.css';

/** /person/add and /person/edit/{id}. */
export function Component() {
  return <RecordFormScreen kind="persons">{(record) => <PersonFormView record={record} />}</RecordFormScreen>;
}
