import Skeleton from 'react-loading-skeleton';
import { listSkeletons } from '../../../ui/skeletons';

/** Cards the shape of a person's while the people load. */
export const personCardSkeletons = listSkeletons(
  'person-list',
  <div className="person-card skeleton" aria-hidden>
    <div className="person-card-head">
      <Skeleton circle width={56} height={56} />
      <div className="person-card-title">
        <Skeleton width="55%" height={20} />
        <Skeleton width="70%" />
      </div>
    </div>
    <Skeleton width="40%" />
    <Skeleton count={3} />
  </div>,
);
