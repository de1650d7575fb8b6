import Skeleton from 'react-loading-skeleton';
import { ListSkeletons } from '../../../ui/skeletons';

/** Rows the shape of a record's while a list loads. */
export function RecordRowSkeletons({ count }: { count: number }) {
  return (
    <ListSkeletons
      count={count}
      listClassName="record-list"
      item={
        <div className="record-row skeleton" aria-hidden>
          <Skeleton width={56} height={56} borderRadius={12} />
          <div className="record-row-text">
            <Skeleton width="55%" height={18} />
            <Skeleton width="80%" />
          </div>
        </div>
      }
    />
  );
}
