import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf } from '@tolk/shared/languages';
import { NOTHING_TO_TRANSLATE, TRANSLATE_GUEST_TEXT_MAX, TRANSLATE_MEMBER_TEXT_MAX } from '@tolk/shared/limits';
import { engineName, languageName } from '../../../lib/language-names';
import { MachineTranslationNote } from '../../../ui/machine-translation';
import { useLoginResponse } from '../../../lib/session';
import { errorMessage } from '../../../ui/error-message';
import { useTranslateText } from '../api/translate-text';
import { FormError } from '../../../ui/form-error';
import { emptyTryBox, TryBoxFields, TryMore } from './try-box-fields';

/** One phrase, translated live, for a visitor who has not signed up: the product in ten seconds. */
export function TryTranslation() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { loginResponse } = useLoginResponse();
  const [box, setBox] = useState(() => emptyTryBox(i18n.language));
  const max = loginResponse.isloggedin ? TRANSLATE_MEMBER_TEXT_MAX : TRANSLATE_GUEST_TEXT_MAX;

  const translate = useTranslateText();
  const result = translate.data?.results[0];
  const version = result?.translations.find((item) => item.to === translate.variables?.to) ?? result?.translations[0];

  return (
    <form
      className="try-box"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        const text = box.text.trim();
        if (text) translate.mutate({ text, from: box.from, to: box.to });
      }}
    >
      <TryBoxFields id={id} box={box} onChange={setBox} maxLength={max} pending={translate.isPending} />
      <div className="try-result" aria-live="polite" aria-busy={translate.isPending}>
        {translate.isPending && <p className="muted">{t('translation.pending')}</p>}
        {translate.isError && <FormError>{errorMessage(translate.error, t)}</FormError>}
        {result && version && !translate.isPending && (
          <>
            <p className="plaza-version-label">{t('landing.tryResult')}</p>
            {version.state === 'skipped' ? (
              <p className="try-skipped">
                {version.reason === NOTHING_TO_TRANSLATE
                  ? t('translation.nothingToTranslate')
                  : t('translation.alreadyIn', { language: languageName(version.to, i18n.language) })}
              </p>
            ) : version.state === 'unavailable' || version.text === null ? (
              <p>
                {/* Said once, in the reader's language: the server's English reason is not added. */}
                {version.engine
                  ? t('translation.engineFailed', { engine: engineName(version.engine) })
                  : t('translation.unavailable', { from: languageName(result.from), to: languageName(version.to) })}
              </p>
            ) : version.state === 'pending' ? (
              <p className="muted">{t('translation.pending')}</p>
            ) : (
              <>
                <p className="try-output" lang={version.to} dir={directionOf(version.to)}>
                  {version.text}
                </p>
                {version.transliteration && (
                  <p className="muted" dir="ltr">
                    {version.transliteration}
                  </p>
                )}
                {/* The text it was made from stays in the box above. */}
                <MachineTranslationNote engine={version.engine} pivot={version.pivot} />
              </>
            )}
            {result.detection.method === 'detected' && (
              <p className="muted">{t('translation.detected', { language: languageName(result.from) })}</p>
            )}
          </>
        )}
      </div>
      <TryMore />
    </form>
  );
}
