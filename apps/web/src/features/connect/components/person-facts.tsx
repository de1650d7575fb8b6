import { useTranslation } from 'react-i18next';
import { Check, Clock, MapPin, Sparkles, UserCheck, UserPlus } from 'lucide-react';
import type { PersonCard } from '@tolk/shared/schemas/connect';
import { languageName } from '../../../lib/language-names';
import { cityLabel } from '../../../ui/city-picker';
import { formatNumber } from '../../../lib/format';
import { ACTIVITY_KEYS, CONNECTION_KEYS, formatKm } from '../format';

type Person = Pick<
  PersonCard,
  | 'age'
  | 'city'
  | 'distanceKm'
  | 'activity'
  | 'connection'
  | 'teachesMe'
  | 'learnsMine'
  | 'languagesSpoken'
  | 'languagesLearning'
  | 'interests'
  | 'sharedInterests'
>;

/** The age after a name: the number for the eye, "34 years old" for a screen reader. */
export function Age({ age }: { age: number | null }) {
  const { t, i18n } = useTranslation();
  if (age === null) return null;
  return (
    <span className="person-age">
      <span aria-hidden>{formatNumber(age, i18n.language)}</span>{' '}
      <span className="visually-hidden">{t('connect.age', { count: age })}</span>
    </span>
  );
}

/** "Madrid, Spain · 12 km away", either part alone when the other is unknown. */
export function Place({ person }: { person: Pick<Person, 'city' | 'distanceKm'> }) {
  const { t, i18n } = useTranslation();
  if (!person.city && person.distanceKm === null) return null;
  return (
    <p className="person-place">
      <MapPin aria-hidden size={15} />
      <span>
        {person.city && cityLabel(person.city, i18n.language)}
        {person.city && person.distanceKm !== null && <span aria-hidden> · </span>}
        {person.distanceKm !== null && (
          <span className="person-distance">
            {t('connect.distance', { distance: formatKm(person.distanceKm, i18n.language) })}
          </span>
        )}
      </span>
    </p>
  );
}

export function ActivityNote({ activity }: { activity: Person['activity'] }) {
  const { t } = useTranslation();
  if (!activity) return null;
  return (
    <span className={`person-activity ${activity}`}>
      <span className="activity-dot" aria-hidden />
      {t(ACTIVITY_KEYS[activity])}
    </span>
  );
}

const STATE_ICONS = { outgoing: Clock, incoming: UserPlus, connected: UserCheck } as const;

/** Where I stand with them: a request sent, one received, connected; nothing when none. */
export function ConnectionBadge({ connection }: { connection: Person['connection'] }) {
  const { t } = useTranslation();
  if (connection === 'none') return null;
  const Icon = STATE_ICONS[connection];
  return (
    <span className={`state-badge connection-badge ${connection}`}>
      <Icon aria-hidden size={14} />
      {t(CONNECTION_KEYS[connection])}
    </span>
  );
}

/** They speak what I learn and learn what I speak: a partner for a language exchange. */
export function MatchBadge({ person }: { person: Pick<Person, 'teachesMe' | 'learnsMine'> }) {
  const { t } = useTranslation();
  if (!person.teachesMe || !person.learnsMine) return null;
  return (
    <span className="match-badge">
      <Sparkles aria-hidden size={14} />
      {t('connect.match')}
    </span>
  );
}

/** The languages someone speaks, each with how well, and those they are learning. */
export function PersonLanguages({ person }: { person: Pick<Person, 'languagesSpoken' | 'languagesLearning'> }) {
  const { t, i18n } = useTranslation();
  if (!person.languagesSpoken.length && !person.languagesLearning.length) return null;
  return (
    <dl className="person-languages">
      {person.languagesSpoken.length > 0 && (
        <div>
          <dt>{t('connect.speaks')}</dt>
          <dd>
            <ul>
              {person.languagesSpoken.map(({ code, level }) => (
                <li key={code}>
                  {languageName(code, i18n.language)}{' '}
                  <span className={`level-tag ${level}`}>{t(`profile.level.${level}`)}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      {person.languagesLearning.length > 0 && (
        <div>
          <dt>{t('connect.learns')}</dt>
          <dd>
            <ul>
              {person.languagesLearning.map((code) => (
                <li key={code}>{languageName(code, i18n.language)}</li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * Interests as chips: only the shared ones (a card), or all with the shared ones marked (a
 * person's page), the mark said in words too, not by colour alone.
 */
export function PersonInterests({
  person,
  all = false,
}: {
  person: Pick<Person, 'interests' | 'sharedInterests'>;
  all?: boolean;
}) {
  const { t } = useTranslation();
  const tags = all ? person.interests : person.sharedInterests;
  if (!tags.length) return null;
  const shared = new Set(person.sharedInterests);
  return (
    <ul className="interest-tags" aria-label={all ? t('connect.interests') : t('connect.sharedInterests')}>
      {tags.map((tag) => (
        <li key={tag} className={shared.has(tag) ? 'shared' : undefined}>
          {shared.has(tag) && <Check aria-hidden size={13} />}
          {t(`interests.${tag}`, { defaultValue: tag })}
          {all && shared.has(tag) && <span className="visually-hidden"> ({t('connect.sharedMark')})</span>}
        </li>
      ))}
    </ul>
  );
}
