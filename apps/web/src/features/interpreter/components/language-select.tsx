import { useId } from 'react';
import { DETECT_LANGUAGE } from '@tolk/shared/languages';
import { languageOptions } from '../language-names';

interface LanguageSelectProps {
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  /** Offer "Detect language" (DETECT_LANGUAGE) first, with this label. */
  detectOption?: string;
  name?: string;
}

export function LanguageSelect({ label, value, onChange, error, detectOption, name }: LanguageSelectProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        {detectOption !== undefined && <option value={DETECT_LANGUAGE}>{detectOption}</option>}
        {languageOptions.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.name}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
