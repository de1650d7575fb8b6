import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSLATION_LANGUAGE_NAMES, TRANSLATION_LANGUAGES } from '@tolk/shared/languages';

interface LanguageSelectProps {
  label: string;
  value: string;
  onChange: (language: string) => void;
  /** Offer "Detect automatically" as the empty value. */
  detect?: boolean;
  /** Label read by screen readers only (a compact toolbar). */
  hiddenLabel?: boolean;
  disabled?: boolean;
  className?: string;
}

/** A language picker over every language the engines may translate, each named in itself. */
export function LanguageSelect({
  label,
  value,
  onChange,
  detect,
  hiddenLabel,
  disabled,
  className,
}: LanguageSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const known = (TRANSLATION_LANGUAGES as readonly string[]).includes(value);
  return (
    <div className={className ?? 'field'}>
      <label htmlFor={id} className={hiddenLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        {detect && <option value="">{t('muses.detectAuto')}</option>}
        {!detect && !known && value && <option value={value}>{value}</option>}
        {TRANSLATION_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {TRANSLATION_LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
