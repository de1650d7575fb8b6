import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KeyRound, MapPin, Pencil } from 'lucide-react';
import { LANGUAGE_NAMES, toUiLanguage } from '@tolk/shared/languages';
import { useLoginResponse } from '../../../lib/session';
import { Avatar } from '../../../ui/avatar';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { profileQuery } from '../api/get-profile';
import { QueryError, refetchOf } from '../../../ui/query-error';
import '../profile.css';
import { paths } from '../../../lib/paths';

export function Component() {
  const { t } = useTranslation();
  const { loginResponse } = useLoginResponse();
  const query = useQuery(profileQuery());

  if (query.isPending) return <ScreenSkeleton />;
  if (query.isError) {
    return <QueryError error={query.error} onRetry={refetchOf(query)} />;
  }
  const profile = query.data;
  const name = profile.displayName.trim() || profile.username;
  const uiLanguage = toUiLanguage(profile.language);
  const place = [profile.homeCity, profile.homeCountry].filter(Boolean).join(', ');

  return (
    <section className="profile" aria-labelledby="profile-title">
      <header className="profile-head">
        <Avatar name={name} url={profile.avatarUrl} size="large" className="large" />
        <div>
          <h1 id="profile-title">{name}</h1>
          <p className="muted">@{profile.username}</p>
        </div>
      </header>
      {profile.bio && <p className="profile-bio">{profile.bio}</p>}
      <dl className="facts">
        <div>
          <dt>{t('profile.language')}</dt>
          <dd>{uiLanguage ? LANGUAGE_NAMES[uiLanguage] : profile.language || t('common.notSet')}</dd>
        </div>
        <div>
          <dt>{t('profile.homeCity')}</dt>
          <dd>
            {place ? (
              <>
                <MapPin aria-hidden size={14} /> {place}
              </>
            ) : (
              t('common.notSet')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('profile.interests')}</dt>
          <dd>
            {profile.interests.length ? (
              <ul className="chips">
                {profile.interests.map((interest) => (
                  <li key={interest}>{interest}</li>
                ))}
              </ul>
            ) : (
              t('common.notSet')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('profile.tenant')}</dt>
          <dd>{loginResponse.tenant}</dd>
        </div>
      </dl>
      <div className="actions">
        <Link className="button primary" to={paths.profileEdit}>
          <Pencil aria-hidden size={16} /> {t('profile.edit')}
        </Link>
        <Link className="button" to={paths.changePassword}>
          <KeyRound aria-hidden size={16} /> {t('profile.changePassword')}
        </Link>
      </div>
    </section>
  );
}
