import Skeleton from 'react-loading-skeleton';
import { ListSkeletons } from './skeletons';

interface PhotoRowSkeletonsProps {
  count: number;
  /** The list's class, so they take its layout. */
  listClassName: string;
  /** The rows' class: `${rowClassName} skeleton` on each, `${rowClassName}-text` on its text. */
  rowClassName: string;
}

/**
 * Rows the shape of a list's whose items show a photo beside a title and a line (records, orders)
 * while it loads. Apart from skeletons.tsx, which the app shell loads with the first page.
 */
export function PhotoRowSkeletons({ count, listClassName, rowClassName }: PhotoRowSkeletonsProps) {
  return (
    <ListSkeletons
      count={count}
      listClassName={listClassName}
      item={
        <div className={`${rowClassName} skeleton`} aria-hidden>
          <Skeleton width={56} height={56} borderRadius={12} />
          <div className={`${rowClassName}-text`}>
            <Skeleton width="55%" height={18} />
            <Skeleton width="80%" />
          </div>
        </div>
      }
    />
  );
}
