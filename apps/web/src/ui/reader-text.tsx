import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import type { ReaderText } from '@tolk/shared/schemas/connect';
import { languageName } from '../lib/language-names';
import { MachineTranslationNote } from './machine-translation';
import './reader-text.css';
import './text-button.css';

interface ReaderTextViewProps {
  text: ReaderText;
  /** Three lines at most (a card); the whole text otherwise. */
  clamp?: boolean;
  /** Offers the original beside a translation ("Show original"). */
  toggle?: boolean;
  className?: string;
}

/**
 * Something a member wrote (a bio, a note), in the reader's language: the translation when there
 * is one, else the original with a word that it is not translated, never passed off as one.
 */
export function ReaderTextView({ text, clamp = false, toggle = false, className }: ReaderTextViewProps) {
  const { t, i18n } = useTranslation();
  const [showOriginal, setShowOriginal] = useState(false);
  const translated = text.state === 'ready' && text.text !== null;
  const original = !translated || showOriginal;
  const toggleButton = toggle && translated && (
    <button
      type="button"
      className="text-button"
      aria-pressed={showOriginal}
      onClick={() => {
        setShowOriginal((value) => !value);
      }}
    >
      {showOriginal ? t('translation.showTranslation') : t('translation.showOriginal')}
    </button>
  );
  return (
    <div className={['reader-text', className].filter(Boolean).join(' ')}>
      <p
        className={clamp ? 'reader-text-body clamp' : 'reader-text-body'}
        lang={(original ? text.from : text.to) || undefined}
        dir="auto"
        data-user-text
      >
        {original ? text.original : text.text}
      </p>
      {!original && text.transliteration && (
        <p className="reader-text-transliteration small">
          <span className="muted">{t('translation.transliteration')}: </span>
          <bdi dir="ltr">{text.transliteration}</bdi>
        </p>
      )}
      {text.state === 'unavailable' && (
        <p className="reader-text-note small">
          <Languages aria-hidden size={14} />
          {t('connect.untranslated', { language: languageName(text.from, i18n.language) })}
        </p>
      )}
      {translated && !original ? (
        // Bios and notes are translated by a machine too: said so, like a muse's translation.
        <MachineTranslationNote>{toggleButton}</MachineTranslationNote>
      ) : (
        toggleButton
      )}
    </div>
  );
}
