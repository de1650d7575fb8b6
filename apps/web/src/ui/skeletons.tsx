import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Skeleton, { SkeletonTheme } from 'react-loading-skeleton';
import 'react-loading-skeleton/dist/skeleton.css';

/** The placeholder shown while a screen or its data loads (spec section 2). */
export function ScreenSkeleton({ lines = 4 }: { lines?: number }) {
  return (
    <SkeletonTheme baseColor="var(--skeleton-base)" highlightColor="var(--skeleton-highlight)">
      <div className="screen-skeleton" aria-busy="true" aria-live="polite">
        <Skeleton height={32} width="60%" />
        <Skeleton count={lines} />
        <Skeleton height={120} />
      </div>
    </SkeletonTheme>
  );
}

interface ListSkeletonsProps {
  count: number;
  /** The class of the list they stand in for, so they take its layout. */
  listClassName: string;
  /** One item's shape, drawn with `Skeleton`. */
  item: ReactNode;
}

/** Items the shape of a list's while it loads, with "Loading" said once to screen readers. */
export function ListSkeletons({ count, listClassName, item }: ListSkeletonsProps) {
  const { t } = useTranslation();
  return (
    <SkeletonTheme baseColor="var(--skeleton-base)" highlightColor="var(--skeleton-highlight)">
      <p className="visually-hidden" role="status">
        {t('common.loading')}
      </p>
      <ul className={listClassName} aria-busy="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </SkeletonTheme>
  );
}

/**
 * A list's skeletons as PagedList and ListMore ask for them, by count alone: made once per list
 * from its class and one item's shape.
 */
export function listSkeletons(listClassName: string, item: ReactNode) {
  return (count: number) => <ListSkeletons count={count} listClassName={listClassName} item={item} />;
}
