import { Link } from 'react-router';
import type { Order } from '@tolk/shared/schemas/orders';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/format';

/** The other member of an order, by name: a link to their connect profile. */
export function PartyLink({ party }: { party: Order['buyer'] }) {
  return (
    <Link to={paths.connectPerson(party.id)} dir="auto">
      {personName(party)}
    </Link>
  );
}
