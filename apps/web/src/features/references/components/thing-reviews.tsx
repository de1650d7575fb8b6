import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { thingRatingsQuery } from '../api/list-references';
import { RatingLine } from './rating-stars';
import { ReferencesSection } from './references-section';
import '../references.css';

/**
 * An offered thing's rating as others see it ("★★★★☆ 4.5 · 12 ratings") and, a tap away, its
 * reviews. Nothing while it loads or when it failed: the offer is what matters on its own. The
 * ratings of all the seller's offers come in one request that every offer's line shares.
 */
export function ThingReviews({ ownerId, thingId, name }: { ownerId: string; thingId: string; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ratings = useQuery(thingRatingsQuery(ownerId));
  const rating = ratings.data?.things.find((thing) => thing.thingId === thingId);
  if (!rating) return null;
  return (
    <div className="thing-reviews">
      <RatingLine rating={rating} />
      <button
        type="button"
        className="text-button"
        aria-expanded={open}
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        {open ? <ChevronUp aria-hidden size={16} /> : <ChevronDown aria-hidden size={16} />}{' '}
        {t('references.reviewsOf', { name })}
      </button>
      {open && <ReferencesSection thingId={thingId} title={t('references.reviewsOf', { name })} />}
    </div>
  );
}
