import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { REFERENCE_TEXT_MAX, REFERENCE_TEXT_MIN } from '@tolk/shared/limits';
import { REFERENCE_OPINIONS, type ReferenceOccasion, type ReferenceOpinion } from '@tolk/shared/schemas/references';
import { characterCount } from '@tolk/shared/text';
import { personName } from '../../../lib/format';
import { FieldNotes, TextAreaField } from '../../../ui/field';
import { FormActions } from '../../../ui/form-actions';
import { toastError } from '../../../ui/toast-error';
import { useWriteReference } from '../api/write-reference';
import { OPINIONS } from './opinion';
import { StarRatingInput } from './star-rating-input';

interface Problems {
  opinion?: string;
  text?: string;
  rating?: string;
}

/**
 * Writing my reference for one occasion: how it went (positive, neutral, negative), the text (its
 * count live, 20 to 2,000 characters), and for a buyer the thing's rating of 1 to 5. A refusal
 * (already written, the window closed) is told in a toast; the occasions are asked again anyway.
 */
export function WriteForm({ occasion, onDone }: { occasion: ReferenceOccasion; onDone: () => void }) {
  const { t } = useTranslation();
  const write = useWriteReference();
  const [opinion, setOpinion] = useState<ReferenceOpinion | null>(null);
  const [text, setText] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const name = personName(occasion.other);
  const used = characterCount(text.trim());

  const check = (): Problems => ({
    ...(opinion === null && { opinion: t('references.write.opinionRequired') }),
    ...(used < REFERENCE_TEXT_MIN && { text: t('validation.minChars', { count: REFERENCE_TEXT_MIN }) }),
    ...(used > REFERENCE_TEXT_MAX && { text: t('validation.maxChars', { count: REFERENCE_TEXT_MAX }) }),
    ...(occasion.rates && rating === null && { rating: t('references.write.ratingRequired') }),
  });

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0 || opinion === null) return;
    write.mutate(
      {
        about: occasion.about,
        subjectId: occasion.other.id,
        opinion,
        text: text.trim(),
        ...(occasion.rates && rating !== null && { rating }),
      },
      {
        onSuccess: () => {
          toast.success(t('references.write.sent', { name }));
          onDone();
        },
        onError: (error) => {
          toastError(error, t);
        },
      },
    );
  };

  const opinionErrorId = `${occasion.about}-opinion-error`;
  return (
    <form className="reference-form" noValidate onSubmit={submit} aria-label={t('references.write.title', { name })}>
      <fieldset
        className="choice-group opinion-choice"
        aria-invalid={problems.opinion ? true : undefined}
        aria-describedby={problems.opinion ? opinionErrorId : undefined}
      >
        <legend>{t('references.write.opinion', { name })}</legend>
        {REFERENCE_OPINIONS.map((value) => {
          const Icon = OPINIONS[value].icon;
          return (
            <label key={value} className="choice-row">
              <input
                type="radio"
                name={`${occasion.about}-opinion`}
                value={value}
                checked={opinion === value}
                onChange={() => {
                  setOpinion(value);
                }}
              />
              <span className={`choice-label opinion-label ${value}`}>
                <Icon aria-hidden size={18} /> {t(OPINIONS[value].key)}
              </span>
            </label>
          );
        })}
        <FieldNotes id={`${occasion.about}-opinion`} error={problems.opinion} />
      </fieldset>
      <TextAreaField
        label={t('references.write.text')}
        hint={t('references.write.textHint', { min: REFERENCE_TEXT_MIN })}
        rows={5}
        maxLength={REFERENCE_TEXT_MAX}
        value={text}
        error={problems.text}
        count={t('references.write.count', { used, max: REFERENCE_TEXT_MAX })}
        onChange={(event) => {
          setText(event.target.value);
        }}
      />
      {occasion.rates && (
        <StarRatingInput
          value={rating}
          error={problems.rating}
          onChange={(value) => {
            setRating(value);
          }}
        />
      )}
      <FormActions
        submitLabel={write.isPending ? t('references.write.sending') : t('references.write.send')}
        busy={write.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
