import { useState } from 'react';
import { DETECT_LANGUAGE } from '@tolk/shared/languages';
import { useTranslation } from 'react-i18next';
import type { InterpreterProfileInput, VoiceSettings } from '@tolk/shared/schemas/plazas';
import { Field } from '../../../ui/field';
import { pairName } from '../guest-profiles';
import { LanguageSelect } from '../../../ui/language-select';
import { FormError } from '../../../ui/form-error';
import { FormActions } from '../../../ui/form-actions';

interface ProfileFormProps {
  defaultUserLanguage: string;
  saving: boolean;
  /** Field errors from the server (or the guest store), by field name. */
  serverErrors: Record<string, string[]>;
  onSubmit: (input: InterpreterProfileInput) => void;
  onCancel: () => void;
}

/** A new pair: my language, my audience's, an optional name and how translations are read aloud. */
export function ProfileForm({ defaultUserLanguage, saving, serverErrors, onSubmit, onCancel }: ProfileFormProps) {
  const { t } = useTranslation();
  const [userLanguage, setUserLanguage] = useState(defaultUserLanguage);
  const [audienceLanguage, setAudienceLanguage] = useState(defaultUserLanguage === 'en' ? 'es' : 'en');
  const [name, setName] = useState('');
  const [voice, setVoice] = useState<VoiceSettings>({ enabled: true, rate: 1 });
  const suggested = pairName(userLanguage, audienceLanguage);

  return (
    <form
      className="card pair-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ name: name.trim() || suggested, userLanguage, audienceLanguage, voice });
      }}
    >
      <LanguageSelect
        label={t('interpreter.myLanguage')}
        value={userLanguage}
        error={serverErrors.userLanguage?.[0]}
        onChange={(code) => {
          // Two different languages is the one rule of a pair: choosing the other side's swaps them.
          if (code === audienceLanguage) setAudienceLanguage(userLanguage);
          setUserLanguage(code);
        }}
      />
      <LanguageSelect
        label={t('interpreter.theirLanguage')}
        value={audienceLanguage}
        extraOption={{ value: DETECT_LANGUAGE, label: t('interpreter.detectTheirs') }}
        error={serverErrors.audienceLanguage?.[0]}
        onChange={(code) => {
          if (code === userLanguage) setUserLanguage(audienceLanguage);
          setAudienceLanguage(code);
        }}
      />
      <Field
        label={t('interpreter.name')}
        value={name}
        placeholder={suggested}
        maxLength={60}
        error={serverErrors.name?.[0]}
        onChange={(event) => {
          setName(event.target.value);
        }}
      />
      <label className="check-field">
        <input
          type="checkbox"
          checked={voice.enabled}
          onChange={(event) => {
            setVoice({ ...voice, enabled: event.target.checked });
          }}
        />
        {t('interpreter.voice')}
      </label>
      <Field
        label={t('interpreter.rate')}
        type="range"
        min={0.5}
        max={2}
        step={0.25}
        value={voice.rate}
        hint={`${voice.rate.toFixed(2)}×`}
        disabled={!voice.enabled}
        onChange={(event) => {
          setVoice({ ...voice, rate: Number(event.target.value) });
        }}
      />
      {serverErrors.form?.[0] && <FormError>{serverErrors.form[0]}</FormError>}
      <FormActions
        submitLabel={saving ? t('common.saving') : t('interpreter.create')}
        busy={saving}
        onCancel={onCancel}
      />
    </form>
  );
}
