import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, X } from 'lucide-react';
import { LANGUAGE_LEVELS } from '@tolk/shared/schemas/profile';
import { languageName } from '../../../lib/language-names';
import { LanguageSelect } from '../../../ui/language-select';
import type { LanguageLevel, SpokenRow } from '../profile-form';
import { ProfileFieldset } from './profile-fieldset';

interface SpokenLanguagesInputProps {
  value: SpokenRow[];
  onChange: (rows: SpokenRow[]) => void;
  error?: string | undefined;
}

/** "Languages I speak": a row per language, each with how well, added and removed one by one. */
export function SpokenLanguagesInput({ value, onChange, error }: SpokenLanguagesInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const focusNewRow = useRef(false);

  useEffect(() => {
    if (!focusNewRow.current) return;
    focusNewRow.current = false;
    listRef.current?.querySelector<HTMLSelectElement>('li:last-child select')?.focus();
  }, [value.length]);

  const update = (index: number, row: Partial<SpokenRow>) => {
    onChange(value.map((current, i) => (i === index ? { ...current, ...row } : current)));
  };

  return (
    <ProfileFieldset legend={t('profile.languagesSpoken')} hint={t('profile.languagesSpokenHint')} error={error}>
      {value.length > 0 && (
        <ul className="language-rows" ref={listRef}>
          {value.map((row, index) => {
            const number = index + 1;
            const levelId = `${id}-level-${index}`;
            return (
              // Rows have no identity of their own: a language may be picked twice while editing.
              <li key={index} className="language-row">
                <LanguageSelect
                  className="language-row-language"
                  hiddenLabel
                  label={t('profile.rowLanguage', { number })}
                  value={row.code}
                  extraOption={{ value: '', label: t('profile.chooseLanguage') }}
                  onChange={(code) => {
                    update(index, { code });
                  }}
                />
                <div className="language-row-level">
                  <label htmlFor={levelId} className="visually-hidden">
                    {t('profile.rowLevel', { number })}
                  </label>
                  <select
                    id={levelId}
                    className="control"
                    value={row.level}
                    onChange={(event) => {
                      update(index, { level: event.target.value as LanguageLevel });
                    }}
                  >
                    {LANGUAGE_LEVELS.map((level) => (
                      <option key={level} value={level}>
                        {t(`profile.level.${level}`)}
                      </option>
                    ))}
                  </select>
                </div>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('profile.removeLanguage', {
                    language: row.code ? languageName(row.code) : t('profile.rowLanguage', { number }),
                  })}
                  onClick={() => {
                    onChange(value.filter((_, i) => i !== index));
                  }}
                >
                  <X aria-hidden size={18} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button
        type="button"
        className="button add-button"
        onClick={() => {
          focusNewRow.current = true;
          // The first language listed is most often the one someone grew up with.
          onChange([...value, { code: '', level: value.length === 0 ? 'native' : 'conversational' }]);
        }}
      >
        <Plus aria-hidden size={16} /> {t('profile.addLanguage')}
      </button>
    </ProfileFieldset>
  );
}
