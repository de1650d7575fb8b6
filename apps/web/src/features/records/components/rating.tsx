import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Star } from 'lucide-react';
import { FieldNotes, notesOf } from '../../../ui/field';

const STARS = [1, 2, 3, 4, 5] as const;

/** A rating of five stars, read out as "Rated 4 of 5". */
export function RatingView({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span className="rating-view" role="img" aria-label={t('records.places.rated', { rating })}>
      {STARS.map((star) => (
        <Star key={star} aria-hidden size={16} className={star <= rating ? 'filled' : undefined} />
      ))}
    </span>
  );
}

interface RatingInputProps {
  /** The radio group's registration: values '1' to '5', '' for none. */
  registration: UseFormRegisterReturn;
  value: string;
  error?: string | undefined;
}

/**
 * One to five stars as radio buttons (arrows move between them, as in any radio group; the stars
 * run from the reading direction's start), and "No rating" to take it back.
 */
export function RatingInput({ registration, value, error }: RatingInputProps) {
  const { t } = useTranslation();
  const notesId = useId();
  const chosen = Number(value) || 0;
  return (
    <fieldset className="choice-group rating-input" aria-describedby={notesOf(notesId, undefined, error)}>
      <legend>{t('records.places.rating')}</legend>
      <div className="rating-stars">
        {STARS.map((star) => (
          <label key={star} className={star <= chosen ? 'rating-star filled' : 'rating-star'}>
            <input className="visually-hidden" type="radio" value={String(star)} {...registration} />
            <Star aria-hidden size={30} />
            <span className="visually-hidden">{t('records.places.stars', { rating: star })}</span>
          </label>
        ))}
        <label className="rating-none small">
          <input type="radio" value="" {...registration} />
          {t('records.places.noRating')}
        </label>
      </div>
      <FieldNotes id={notesId} error={error} />
    </fieldset>
  );
}
