import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Star } from 'lucide-react';
import { FieldNotes } from '../../../ui/field';

const STARS = [1, 2, 3, 4, 5] as const;

interface StarRatingInputProps {
  value: number | null;
  onChange: (value: number) => void;
  error?: string | undefined;
}

/**
 * A rating of 1 to 5 as five stars: a group of native radio buttons drawn as stars, so the arrow
 * keys move along it and a screen reader reads "3 stars, 3 of 5".
 */
export function StarRatingInput({ value, onChange, error }: StarRatingInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const name = useId();
  return (
    <fieldset
      className="star-rating-input"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{t('references.write.rating')}</legend>
      <div className="star-rating-stars">
        {STARS.map((star) => (
          <label key={star} className={value !== null && star <= value ? 'filled' : undefined}>
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => {
                onChange(star);
              }}
            />
            <Star aria-hidden size={28} />
            <span className="visually-hidden">{t('references.write.stars', { count: star })}</span>
          </label>
        ))}
      </div>
      <FieldNotes id={id} error={error} />
    </fieldset>
  );
}
