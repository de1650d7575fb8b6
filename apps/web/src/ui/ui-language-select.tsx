import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { LANGUAGE_NAMES, UI_LANGUAGES } from '@tolk/shared/languages';

interface UiLanguageSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A member's own language, chosen from the interface languages by their own names (a picker). */
export function UiLanguageSelect({ label, hint, ref, ...select }: UiLanguageSelectProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} ref={ref} aria-describedby={hint ? `${id}-hint` : undefined} {...select}>
        {UI_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
