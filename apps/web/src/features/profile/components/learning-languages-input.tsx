import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, X } from 'lucide-react';
import { languageName } from '../../../lib/language-names';
import { LanguageSelect } from '../../../ui/language-select';
import { ProfileFieldset } from './profile-fieldset';

interface LearningLanguagesInputProps {
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string | undefined;
}

/** "Languages I am learning": chips, each removable, and a picker to add one more. */
export function LearningLanguagesInput({ value, onChange, error }: LearningLanguagesInputProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState('');
  const add = () => {
    if (picked && !value.includes(picked)) onChange([...value, picked]);
    setPicked('');
  };

  return (
    <ProfileFieldset legend={t('profile.languagesLearning')} hint={t('profile.languagesLearningHint')} error={error}>
      {value.length > 0 && (
        <ul className="chips removable-chips">
          {value.map((code) => (
            <li key={code}>
              <span lang={code}>{languageName(code)}</span>
              <button
                type="button"
                className="chip-remove"
                aria-label={t('profile.removeLanguage', { language: languageName(code) })}
                onClick={() => {
                  onChange(value.filter((other) => other !== code));
                }}
              >
                <X aria-hidden size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="learning-add">
        <LanguageSelect
          className="learning-add-select"
          hiddenLabel
          label={t('profile.learningPick')}
          value={picked}
          extraOption={{ value: '', label: t('profile.chooseLanguage') }}
          onChange={setPicked}
        />
        <button type="button" className="button add-button" disabled={!picked} onClick={add}>
          <Plus aria-hidden size={16} /> {t('profile.add')}
        </button>
      </div>
    </ProfileFieldset>
  );
}
