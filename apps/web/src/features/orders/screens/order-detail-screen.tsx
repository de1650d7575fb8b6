import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { orderQuery } from '../api/get-order';
import { OrderDetailView } from '../components/order-detail-view';
import { OrderMissing } from '../components/order-missing';
import '../orders.css';

/** /order/{id}: one order, for the buyer and the seller alike; it follows the other side live. */
export function Component() {
  const { id = '' } = useParams();
  const query = useQuery(orderQuery(id));
  // Once loaded, the page stays through a failed refresh (a live update read while offline).
  if (query.data) return <OrderDetailView order={query.data} />;
  if (query.isError) return <OrderMissing query={query} />;
  return <ScreenSkeleton lines={8} />;
}
