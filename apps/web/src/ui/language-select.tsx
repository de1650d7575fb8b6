import { useId } from 'react';
import { isTranslationLanguage, TRANSLATION_LANGUAGE_NAMES, TRANSLATION_LANGUAGES } from '@tolk/shared/languages';
import { FieldNotes } from './field';

/**
 * Every language the engines may translate, each named in itself, in the order of those names:
 * sorted when a picker that can be opened first needs it (the collator's first use costs a
 * phone tens of milliseconds, which a page's start does not pay).
 */
let sorted: { code: string; name: string }[] | undefined;
function allOptions() {
  if (!sorted) {
    const byName = new Intl.Collator().compare;
    sorted = TRANSLATION_LANGUAGES.map((code) => ({ code, name: TRANSLATION_LANGUAGE_NAMES[code] })).sort((a, b) =>
      byName(a.name, b.name),
    );
  }
  return sorted;
}

interface LanguageSelectProps {
  label: string;
  value: string;
  onChange: (language: string) => void;
  /** A first option that is not a language: "Detect automatically" (value ''), "Detect language"... */
  extraOption?: { value: string; label: string };
  error?: string | undefined;
  hint?: string | undefined;
  /** Label read by screen readers only (a compact toolbar). */
  hiddenLabel?: boolean;
  disabled?: boolean;
  className?: string;
  name?: string;
}

/**
 * The one picker of a language to write, read or speak in (chats, the interpreter, joining a
 * plaza): endonyms, as a reader looks for their own. The interface languages have theirs
 * (ui-language-select.tsx).
 */
export function LanguageSelect({
  label,
  value,
  onChange,
  extraOption,
  error,
  hint,
  hiddenLabel,
  disabled,
  className,
  name,
}: LanguageSelectProps) {
  const id = useId();
  const known = value === extraOption?.value || isTranslationLanguage(value);
  // A disabled picker cannot be opened: it shows its value alone.
  const options = !disabled
    ? allOptions()
    : isTranslationLanguage(value)
      ? [{ code: value, name: TRANSLATION_LANGUAGE_NAMES[value] }]
      : [];
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={className ?? 'field'}>
      <label htmlFor={id} className={hiddenLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className="control"
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        {extraOption && <option value={extraOption.value}>{extraOption.label}</option>}
        {/* A language set elsewhere that the list does not offer stays shown as it is. */}
        {!known && value && <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.name}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
