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
