import { useTranslation } from 'react-i18next';
import { Star } from 'lucide-react';
import type { RatingSummary } from '@tolk/shared/schemas/references';
import { formatNumber } from '../../../lib/format';

const STARS = [1, 2, 3, 4, 5] as const;

/** A rating of 1 to 5 (or an average) as five stars, filled up to it; read out as "4 of 5 stars". */
export function RatingStars({ value }: { value: number }) {
  const { t, i18n } = useTranslation();
  const rounded = Math.round(value);
  return (
    <span
      className="rating-stars"
      role="img"
      aria-label={t('references.rating.stars', { value: formatNumber(value, i18n.language) })}
    >
      {STARS.map((star) => (
        <Star key={star} aria-hidden size={16} className={star <= rounded ? 'filled' : undefined} />
      ))}
    </span>
  );
}

/** Buyers' ratings in a line: the stars of their average, "4.5 · 12 ratings"; nothing without any. */
export function RatingLine({ rating }: { rating: RatingSummary }) {
  const { t, i18n } = useTranslation();
  if (rating.average === null || rating.count === 0) return null;
  const average = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    rating.average,
  );
  return (
    <span className="rating-line">
      <RatingStars value={rating.average} />
      <span className="small">{t('references.rating.summary', { average, count: rating.count })}</span>
    </span>
  );
}
