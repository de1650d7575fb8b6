import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Eye, KeyRound, MapPin, MessageCircle, Pencil } from 'lucide-react';
import { LANGUAGE_NAMES, toUiLanguage } from '@tolk/shared/languages';
import { languageName } from '../../../lib/language-names';
import { personName } from '../../../lib/format';
import { useLoginResponse } from '../../../lib/session';
import { Avatar } from '../../../ui/avatar';
import { cityLabel } from '../../../ui/city-picker';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { profileQuery } from '../api/get-profile';
import { MESSAGE_POLICY_KEYS, VISIBILITY_KEYS } from '../profile-labels';
import { QueryError, refetchOf } from '../../../ui/query-error';
import '../../../ui/chips.css';
import '../profile.css';
import { paths } from '../../../lib/paths';
import { Fact } from '../../../ui/fact';
import { ReferencesSection } from '../../references';

export function Component() {
  const { t, i18n } = useTranslation();
  const { loginResponse, superAdmin } = useLoginResponse();
  const query = useQuery(profileQuery());

  if (query.isPending) return <ScreenSkeleton />;
  if (query.isError) {
    return <QueryError error={query.error} onRetry={refetchOf(query)} />;
  }
  const profile = query.data;
  const name = personName(profile);
  const uiLanguage = toUiLanguage(profile.language);
  const notSet = t('common.notSet');

  return (
    <section className="profile" aria-labelledby="profile-title">
      <header className="profile-head">
        <Avatar name={name} url={profile.avatarUrl} size="large" className="large" />
        <div>
          <h1 id="profile-title">{name}</h1>
          <p className="muted">@{profile.username}</p>
        </div>
      </header>
      {profile.bio && (
        <p className="profile-bio" dir="auto" lang={profile.bioLanguage || undefined}>
          {profile.bio}
        </p>
      )}
      <dl className="facts">
        <Fact label={t('profile.languagesSpoken')}>
          {profile.languagesSpoken.length ? (
            <ul className="spoken-list">
              {profile.languagesSpoken.map(({ code, level }) => (
                <li key={code}>
                  <span>{languageName(code)}</span>
                  <span className="level-badge">{t(`profile.level.${level}`)}</span>
                </li>
              ))}
            </ul>
          ) : (
            notSet
          )}
        </Fact>
        <Fact label={t('profile.languagesLearning')}>
          {profile.languagesLearning.length ? (
            <ul className="chips">
              {profile.languagesLearning.map((code) => (
                <li key={code}>{languageName(code)}</li>
              ))}
            </ul>
          ) : (
            notSet
          )}
        </Fact>
        <Fact label={t('profile.interests')}>
          {profile.interests.length ? (
            <ul className="chips">
              {profile.interests.map((interest) => (
                <li key={interest}>{t(`interests.${interest}`, { defaultValue: interest })}</li>
              ))}
            </ul>
          ) : (
            notSet
          )}
        </Fact>
        <Fact label={t('profile.homeCity')}>
          {profile.homeCity ? (
            <span className="fact-with-icon">
              <MapPin aria-hidden size={16} /> {cityLabel(profile.homeCity, i18n.language)}
            </span>
          ) : (
            notSet
          )}
        </Fact>
        <Fact label={t('profile.language')}>
          {uiLanguage ? LANGUAGE_NAMES[uiLanguage] : profile.language || notSet}
        </Fact>
        <Fact label={t('profile.birthYear')}>
          {profile.birthYear ?? notSet}
          {profile.birthYear !== null && <span className="fact-note">{t('profile.birthYearHint')}</span>}
        </Fact>
        <Fact label={t('profile.visibility')}>
          <span className="fact-with-icon">
            <Eye aria-hidden size={16} /> {t(VISIBILITY_KEYS[profile.visibility])}
          </span>
        </Fact>
        <Fact label={t('profile.messagePolicy')}>
          <span className="fact-with-icon">
            <MessageCircle aria-hidden size={16} /> {t(MESSAGE_POLICY_KEYS[profile.messagePolicy])}
          </span>
        </Fact>
        {/* The tenant is a word for those who run Tolk: a member's is always theirs. */}
        {superAdmin && <Fact label={t('profile.tenant')}>{loginResponse.tenant}</Fact>}
      </dl>
      <div className="actions">
        <Link className="button primary" to={paths.profileEdit}>
          <Pencil aria-hidden size={16} /> {t('profile.edit')}
        </Link>
        <Link className="button" to={paths.changePassword()}>
          <KeyRound aria-hidden size={16} /> {t('profile.changePassword')}
        </Link>
      </div>
      <ReferencesSection subjectId={loginResponse.userid} title={t('references.aboutMe')} />
    </section>
  );
}
