import { useId } from 'react';
import { languageOptions } from '../language-names';

interface LanguageSelectProps {
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  /** An extra first option, such as "Detect language". */
  emptyOption?: string;
  name?: string;
}

export function LanguageSelect({ label, value, onChange, error, emptyOption, name }: LanguageSelectProps) {
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
        {emptyOption !== undefined && <option value="">{emptyOption}</option>}
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
