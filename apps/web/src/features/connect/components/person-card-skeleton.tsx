import { useTranslation } from 'react-i18next';
import Skeleton, { SkeletonTheme } from 'react-loading-skeleton';
import 'react-loading-skeleton/dist/skeleton.css';

/** Cards the shape of a person's while the people load. */
export function PersonCardSkeletons({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <SkeletonTheme baseColor="var(--skeleton-base)" highlightColor="var(--skeleton-highlight)">
      <p className="visually-hidden" role="status">
        {t('common.loading')}
      </p>
      <ul className="person-list" aria-busy="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
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
            </div>
          </li>
        ))}
      </ul>
    </SkeletonTheme>
  );
}
