import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { INTERESTS, INTERESTS_MAX, type Interest } from '@tolk/shared/interests';
import { ProfileFieldset } from './profile-fieldset';

interface InterestsInputProps {
  value: Interest[];
  onChange: (interests: Interest[]) => void;
  error?: string | undefined;
}

/** The fixed interests as toggle chips, in the order of their names in the interface language. */
export function InterestsInput({ value, onChange, error }: InterestsInputProps) {
  const { t, i18n } = useTranslation();
  const collator = new Intl.Collator(i18n.language);
  const tags = INTERESTS.map((tag) => ({ tag, name: t(`interests.${tag}`) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
  const full = value.length >= INTERESTS_MAX;

  return (
    <ProfileFieldset
      legend={t('profile.interests')}
      hint={t('profile.interestsHint', { max: INTERESTS_MAX })}
      error={error}
      status={full ? t('profile.interestsFull', { max: INTERESTS_MAX }) : ''}
    >
      <ul className="interest-chips">
        {tags.map(({ tag, name }) => {
          const chosen = value.includes(tag);
          const blocked = !chosen && full;
          return (
            <li key={tag}>
              <button
                type="button"
                className="control interest-chip"
                aria-pressed={chosen}
                // Still focusable and read out when the list is full: the status says why it waits.
                aria-disabled={blocked || undefined}
                onClick={() => {
                  if (chosen) onChange(value.filter((other) => other !== tag));
                  else if (!blocked) onChange([...value, tag]);
                }}
              >
                {chosen && <Check aria-hidden size={14} />}
                {name}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="field-hint interest-count">
        {t('profile.interestsCount', { chosen: value.length, max: INTERESTS_MAX })}
      </p>
    </ProfileFieldset>
  );
}
