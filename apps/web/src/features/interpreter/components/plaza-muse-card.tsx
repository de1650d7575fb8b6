import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Copy, Image as ImageIcon } from 'lucide-react';
import { directionOf } from '@tolk/shared/languages';
import type { Plaza, PlazaSide } from '@tolk/shared/schemas/plazas';
import { flagTranslation } from '../api/flag-translation';
import { getPlazaPhoto } from '../api/get-plaza-photo';
import { copyImage, copyText } from '../../../lib/clipboard';
import { formatClockTime } from '../../../lib/format';
import { languageName } from '../../../lib/language-names';
import { MachineTranslationNote } from '../../../ui/machine-translation';
import { isLatinScript } from '../language-names';
import { museLanguages, sameLanguage, type PlazaMuse } from '../plaza-muses';
import { SpeakerButton } from '../../speech';
import { PlazaPhoto } from './plaza-photo';
import { DETECT_LANGUAGE } from '@tolk/shared/languages';

export interface PlazaMuseCardProps {
  muse: PlazaMuse;
  plaza: Pick<Plaza, 'id' | 'userLanguage' | 'audienceLanguage' | 'host' | 'memberId'>;
  /** This device's side: decides who is "me" in the labels. */
  mySide: PlazaSide;
  /** The side reading this copy of the list: their language comes first. */
  reader: PlazaSide;
  guest: boolean;
  /** How fast translations are read aloud (the plaza's setting). */
  rate: number;
}

/** The spec's six copy toasts: who wrote it, and which version was copied. */
const COPY_TOASTS = {
  user: { comment: 'copy.userComment', photo: 'copy.userPhoto', translated: 'copy.userTranslated' },
  audience: { comment: 'copy.audienceComment', photo: 'copy.audiencePhoto', translated: 'copy.audienceTranslated' },
} as const;

export function PlazaMuseCard({ muse, plaza, mySide, reader, guest, rate }: PlazaMuseCardProps) {
  const { t, i18n } = useTranslation();
  const { writer, source: sourceLanguage, target: targetLanguage, foreign } = museLanguages(muse, plaza);
  const readingLanguage = reader === 'user' ? plaza.userLanguage : plaza.audienceLanguage;
  const translation = muse.translations[targetLanguage];
  const translatedText = translation && translation.state !== 'pending' ? translation.text : null;
  const toasts = COPY_TOASTS[writer];
  const who = writerLabel(muse, writer, mySide, plaza, t);
  const time = formatClockTime(muse.createdAt, i18n.language);

  const copy = (action: () => Promise<void>, message: string) => {
    action().then(
      () => toast.success(message),
      () => toast.error(t('copy.failed')),
    );
  };

  const comment = muse.text ? (
    <div className="plaza-version" data-kind="comment" key="comment">
      <p className="plaza-version-label">
        {t('translation.original')} · {languageName(sourceLanguage)}
      </p>
      <p className="plaza-text" lang={sourceLanguage} dir={directionOf(sourceLanguage)}>
        {muse.text}
      </p>
      {muse.transliteration && !isLatinScript(muse.text) && (
        <p className="plaza-translit" dir="ltr" aria-label={t('translation.transliteration')}>
          {muse.transliteration}
        </p>
      )}
      <div className="plaza-version-actions">
        <button
          type="button"
          className="icon-button"
          aria-label={t('interpreter.copyComment')}
          title={t('interpreter.copyComment')}
          onClick={() => {
            copy(() => copyText(muse.text), t(toasts.comment));
          }}
        >
          <Copy aria-hidden size={18} />
        </button>
      </div>
    </div>
  ) : null;

  const translated = !muse.text ? null : targetLanguage === DETECT_LANGUAGE ? (
    <div className="plaza-version" data-kind="translation" key="translation">
      <p className="plaza-version-label">{t('interpreter.translated')}</p>
      <p className="muted">{t('interpreter.awaitingTheirLanguage')}</p>
    </div>
  ) : (
    <div
      className="plaza-version"
      data-kind="translation"
      key="translation"
      aria-busy={!translatedText && translation?.state === 'pending'}
    >
      <p className="plaza-version-label">
        {t('interpreter.translated')} · {languageName(targetLanguage)}
      </p>
      {translatedText !== null ? (
        <p className="plaza-text" lang={targetLanguage} dir={directionOf(targetLanguage)}>
          {translatedText}
        </p>
      ) : translation?.state === 'unavailable' ? (
        <p className="plaza-unavailable">
          {t('translation.unavailable', { from: languageName(sourceLanguage), to: languageName(targetLanguage) })}
          {translation.reason && <span className="muted"> {translation.reason}</span>}
        </p>
      ) : (
        <p className="muted">{t('translation.pending')}</p>
      )}
      {translatedText && translation?.transliteration && !isLatinScript(translatedText) && (
        <p className="plaza-translit" dir="ltr" aria-label={t('translation.transliteration')}>
          {translation.transliteration}
        </p>
      )}
      {/* The original stands beside it in this card; a member (not a guest) can flag it. */}
      {translatedText && translation?.state === 'ready' && translation.engine && (
        <MachineTranslationNote
          engine={translation.engine}
          pivot={translation.pivot}
          onFlag={guest ? undefined : () => flagTranslation(muse.id, translation.to)}
        />
      )}
      <div className="plaza-version-actions">
        <SpeakerButton
          className="icon-button"
          text={translatedText ?? ''}
          language={targetLanguage}
          rate={rate}
          allowServer={!guest}
        />
        <button
          type="button"
          className="icon-button"
          disabled={!translatedText}
          aria-label={t('interpreter.copyTranslation')}
          title={t('interpreter.copyTranslation')}
          onClick={() => {
            if (translatedText) copy(() => copyText(translatedText), t(toasts.translated));
          }}
        >
          <Copy aria-hidden size={18} />
        </button>
      </div>
    </div>
  );

  const photo = muse.photo;
  // Whoever reads this copy of the list sees their own language first: the original when it is
  // written in it (their side's, or typed in their language in the other half), else the translation.
  const originalFirst =
    sameLanguage(sourceLanguage, readingLanguage) ||
    (!sameLanguage(targetLanguage, readingLanguage) && reader === writer);
  const versions = originalFirst ? [comment, translated] : [translated, comment];

  return (
    <li className="plaza-muse" data-side={writer} data-own={writer === reader ? 'true' : 'false'}>
      <p className="plaza-muse-head">
        <span className="plaza-muse-who">{who}</span> <time dateTime={muse.createdAt}>{time}</time>
      </p>
      {foreign && muse.text && (
        <p className="plaza-note">{t('interpreter.writtenInOther', { language: languageName(sourceLanguage) })}</p>
      )}
      {photo && (
        <figure className="plaza-figure">
          <PlazaPhoto plazaId={plaza.id} photo={photo} guest={guest} alt={t('interpreter.photoBy', { name: who })} />
          <button
            type="button"
            className="icon-button"
            aria-label={t('interpreter.copyPhoto')}
            title={t('interpreter.copyPhoto')}
            onClick={() => {
              copy(() => copyImage(() => getPlazaPhoto(plaza.id, photo.url)), t(toasts.photo));
            }}
          >
            <ImageIcon aria-hidden size={18} />
          </button>
        </figure>
      )}
      {versions}
    </li>
  );
}

/**
 * Who wrote a muse, as this device says it. The host's device writes for both sides, so its
 * labels go by side. A joined device says "Me" only for what it sent itself: the host may have
 * typed muses for this side on their own phone before anyone joined.
 */
export function writerLabel(
  muse: Pick<PlazaMuse, 'sender'>,
  writer: PlazaSide,
  mySide: PlazaSide,
  plaza: Pick<Plaza, 'host' | 'memberId'>,
  t: TFunction,
): string {
  if (writer !== mySide) return t('interpreter.audience');
  if (plaza.host || muse.sender.memberId === plaza.memberId) return t('interpreter.user');
  return t('interpreter.onHostPhone');
}
