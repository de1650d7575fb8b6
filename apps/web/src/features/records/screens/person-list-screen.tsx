import { UsersRound } from 'lucide-react';
import { RecordList } from '../components/record-list';
import { PersonRow } from '../components/record-rows';
import '../records.css';

export function Component() {
  return (
    <RecordList
      kind="persons"
      emptyIcon={<UsersRound aria-hidden size={40} />}
      row={(person) => <PersonRow person={person} />}
    />
  );
}
