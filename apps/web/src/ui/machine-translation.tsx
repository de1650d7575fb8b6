import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Bot, ThumbsDown } from 'lucide-react';
import { engineName, languageName } from '../lib/language-names';
import { toastError } from './toast-error';
import './machine-translation.css';
import './text-button.css';

interface MachineTranslationNoteProps {
  /** The engine that made it; "machine translation" alone where it is not known. */
  engine?: string | null | undefined;
  /** The language the engine went through. */
  pivot?: string | null | undefined;
  /** Flags the translation as bad; no Flag action without it (guests, texts that are not muses). */
  onFlag?: (() => Promise<unknown>) | undefined;
  /** Beside the mark: the way to the original ("Show original"), where it is not on screen already. */
  children?: ReactNode;
  className?: string;
}

/**
 * Says under a translation that a machine made it, and which engine, in the reader's language,
 * so a wrong one ("The season is near" for "La estación está cerca") is not taken as what was
 * said; and lets the reader flag it as bad, confirmed by a toast.
 */
export function MachineTranslationNote({ engine, pivot, onFlag, children, className }: MachineTranslationNoteProps) {
  const { t, i18n } = useTranslation();
  const [flag, setFlag] = useState<'idle' | 'sending' | 'sent'>('idle');
  const label = !engine
    ? t('translation.machine')
    : pivot
      ? t('translation.machineVia', { engine: engineName(engine), via: languageName(pivot, i18n.language) })
      : t('translation.machineBy', { engine: engineName(engine) });
  return (
    <div className={['machine-note', className].filter(Boolean).join(' ')}>
      <span className="machine-note-label">
        <Bot aria-hidden size={14} /> {label}
      </span>
      {children}
      {onFlag && (
        <button
          type="button"
          className="text-button machine-note-flag"
          disabled={flag !== 'idle'}
          onClick={() => {
            setFlag('sending');
            onFlag().then(
              () => {
                setFlag('sent');
                toast.success(t('translation.flagDone'));
              },
              (error: unknown) => {
                setFlag('idle');
                toastError(error, t);
              },
            );
          }}
        >
          <ThumbsDown aria-hidden size={14} /> {flag === 'sent' ? t('translation.flagged') : t('translation.flag')}
        </button>
      )}
    </div>
  );
}
