import { PackageOpen } from 'lucide-react';
import { RecordList } from '../components/record-list';
import { ThingRow } from '../components/record-rows';
import '../records.css';

export function Component() {
  return (
    <RecordList
      kind="things"
      emptyIcon={<PackageOpen aria-hidden size={40} />}
      row={(thing) => <ThingRow thing={thing} />}
    />
  );
}
