import { useTranslation } from 'react-i18next';
import { PROFILE_LANGUAGES_MAX } from '@tolk/shared/schemas/profile';
import { LanguageChips } from '../../../ui/language-chips';
import { ProfileFieldset } from './profile-fieldset';

interface LearningLanguagesInputProps {
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string | undefined;
}

/** "Languages I am learning": chips, each removable, and a picker to add one more. */
export function LearningLanguagesInput({ value, onChange, error }: LearningLanguagesInputProps) {
  const { t } = useTranslation();
  return (
    <ProfileFieldset legend={t('profile.languagesLearning')} hint={t('profile.languagesLearningHint')} error={error}>
      <LanguageChips
        value={value}
        onChange={onChange}
        max={PROFILE_LANGUAGES_MAX}
        texts={{
          pick: t('profile.learningPick'),
          choose: t('profile.chooseLanguage'),
          add: t('profile.add'),
          remove: (language) => t('profile.removeLanguage', { language }),
        }}
      />
    </ProfileFieldset>
  );
}
