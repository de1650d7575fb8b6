import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { JOIN_CODE_LENGTH } from '@tolk/shared/limits';
import { useLoginResponse } from '../../../lib/session';
import { errorMessage } from '../../../ui/error-message';
import { Field } from '../../../ui/field';
import { useJoinPlaza } from '../api/join-plaza';
import { LanguageSelect } from '../../../ui/language-select';
import { paths } from '../../../lib/paths';
import { browserLanguage } from '../language-names';
import { joinCodeProblem, normalizeJoinCode } from '../plaza-errors';
import '../pairs.css';
import { FormError } from '../../../ui/form-error';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loginResponse } = useLoginResponse();
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => normalizeJoinCode(params.get('code') ?? ''));
  const [language, setLanguage] = useState<string>(() => browserLanguage());
  const [name, setName] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();

  const join = useJoinPlaza({
    onSuccess: async (session) => {
      await navigate(paths.plaza(session.plaza.id), { replace: true });
    },
  });

  const problem = join.error ? joinCodeProblem(join.error, loginResponse.isloggedin) : undefined;
  const problemText = problem ? t(problem.key, { seconds: problem.seconds }) : undefined;
  // The language picked is the problem: said next to the language, not under the button.
  const languageProblem =
    problem?.key === 'interpreter.languageIsHosts' || problem?.key === 'interpreter.audienceTaken'
      ? problemText
      : undefined;
  const failure = join.error && !languageProblem ? (problemText ?? errorMessage(join.error, t)) : undefined;

  return (
    <section className="form-screen join-screen" aria-labelledby="join-title">
      <h1 id="join-title">{t('interpreter.joinTitle')}</h1>
      <p className="muted">{t('interpreter.inviteLead')}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.length !== JOIN_CODE_LENGTH) {
            setCodeError(t('interpreter.codeInvalid'));
            return;
          }
          setCodeError(undefined);
          join.mutate({ code, language, ...(name.trim() ? { name: name.trim() } : {}) });
        }}
      >
        <Field
          label={t('interpreter.enterCode')}
          className="join-code-input"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          maxLength={JOIN_CODE_LENGTH + 2}
          autoFocus={!code}
          error={codeError}
          onChange={(event) => {
            setCode(normalizeJoinCode(event.target.value));
          }}
        />
        <LanguageSelect
          label={t('interpreter.pickLanguage')}
          value={language}
          onChange={setLanguage}
          error={languageProblem}
        />
        <Field
          label={t('interpreter.yourName')}
          value={name}
          maxLength={40}
          autoComplete="nickname"
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
        {failure && <FormError>{failure}</FormError>}
        <button type="submit" className="button primary wide" disabled={join.isPending}>
          {t('interpreter.joinButton')}
        </button>
      </form>
    </section>
  );
}
