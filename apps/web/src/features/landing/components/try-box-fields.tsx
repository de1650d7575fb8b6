import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toTranslationLanguage } from '@tolk/shared/languages';
import { paths } from '../../../lib/paths';
import { LanguageSelect } from '../../../ui/language-select';

/** Into something other than the reader's own language: that is what they came to see. */
function tryTarget(uiLanguage: string): string {
  return (toTranslationLanguage(uiLanguage) ?? 'en') === 'en' ? 'es' : 'en';
}

/** What the box holds: the text, and the languages from ('' to detect it) and into. */
export interface TryBox {
  text: string;
  from: string;
  to: string;
}

/** A box with nothing typed yet, into a language other than the reader's. */
export const emptyTryBox = (uiLanguage: string): TryBox => ({ text: '', from: '', to: tryTarget(uiLanguage) });

interface TryBoxFieldsProps {
  id: string;
  box: TryBox;
  onChange: (box: TryBox) => void;
  maxLength?: number;
  /** The box before its sending part is in: shown as it will be, not yet usable. */
  disabled?: boolean;
  /** A translation asked for and not yet back. */
  pending?: boolean;
}

/**
 * The try box's text, its two languages and its button: the same in the box and in the place
 * held for it while its sending part loads (TryBoxPreview), so nothing below it moves.
 */
export function TryBoxFields({ id, box, onChange, maxLength, disabled = false, pending = false }: TryBoxFieldsProps) {
  const { t } = useTranslation();
  const { text, from, to } = box;
  return (
    <>
      <h3 id={`${id}-title`} className="visually-hidden">
        {t('landing.translationCta')}
      </h3>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('landing.tryLabel')}</label>
        <textarea
          id={`${id}-text`}
          rows={3}
          maxLength={maxLength}
          value={text}
          disabled={disabled}
          placeholder={t('landing.tryPlaceholder')}
          onChange={(event) => {
            onChange({ ...box, text: event.target.value });
          }}
        />
      </div>
      <div className="try-languages">
        <LanguageSelect
          label={t('landing.tryFrom')}
          value={from}
          onChange={(language) => {
            onChange({ ...box, from: language });
          }}
          disabled={disabled}
          extraOption={{ value: '', label: t('landing.tryAuto') }}
        />
        <LanguageSelect
          label={t('landing.tryTo')}
          value={to}
          onChange={(language) => {
            onChange({ ...box, to: language });
          }}
          disabled={disabled}
        />
      </div>
      <button type="submit" className="button primary" disabled={disabled || !text.trim() || pending}>
        <Languages aria-hidden size={16} /> {t('landing.tryButton')}
      </button>
    </>
  );
}

/** The link under the box, to the interpreter. */
export function TryMore() {
  const { t } = useTranslation();
  return (
    <p>
      <Link to={paths.interpret}>{t('landing.tryMore')}</Link>
    </p>
  );
}

const ignore = () => undefined;

/**
 * The try box as it will look, its controls disabled, while its sending part (the query and HTTP
 * clients) loads once the page is idle: the page rendered ahead carries it, and the sections
 * below stay where they are when the box itself comes in.
 */
export function TryBoxPreview() {
  const { i18n } = useTranslation();
  return (
    <div className="try-box" aria-busy>
      <TryBoxFields id="try-preview" box={emptyTryBox(i18n.language)} onChange={ignore} disabled />
      <div className="try-result" />
      <TryMore />
    </div>
  );
}
