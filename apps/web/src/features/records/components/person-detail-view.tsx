import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MessageCircle, UserRound } from 'lucide-react';
import type { Person } from '@tolk/shared/schemas/persons';
import { languageName } from '../../../lib/language-names';
import { paths } from '../../../lib/paths';
import { Avatar } from '../../../ui/avatar';
import { toastError } from '../../../ui/toast-error';
import { useOpenConversation } from '../api/open-conversation';
import { formatDay } from '../../../lib/format';
import { personInputOf } from '../person-form';
import { useDeleteRecord } from '../use-delete-record';
import { Facts } from '../../../ui/facts';
import { RecordStamp, RecordText } from './record-detail-parts';
import { DetailBar } from './record-screens';
import { RecordThumb } from './record-thumb';
import '../../../ui/chips.css';

/** Someone I met, and when they are on Tolk, the way to message them or open their profile. */
export function PersonDetailView({ person, back }: { person: Person; back: string }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const remove = useDeleteRecord('persons', person, personInputOf);
  // As on a connect profile: the direct chat with them, the existing one if there is one.
  const message = useOpenConversation({
    onSuccess: async (conversation) => {
      await navigate(paths.thread(conversation.id));
    },
    onError: (error) => {
      toastError(error, t);
    },
  });
  const { account, metPlace } = person;

  return (
    <article className="records record-detail" aria-labelledby={titleId}>
      <DetailBar kind="persons" id={person.id} back={back} deleting={remove.deleting} onDelete={remove.ask} />
      <div className="record-hero">
        {person.photo || !account ? (
          <RecordThumb photo={person.photo} large fallback={<UserRound size={40} />} />
        ) : (
          <Avatar name={person.name} url={account.avatarUrl} size="large" className="large" />
        )}
        <div className="record-hero-text">
          <h1 id={titleId}>{person.name}</h1>
          {account && (
            <p className="muted">
              {t('records.persons.onTolk')} <bdi dir="ltr">@{account.username}</bdi>
            </p>
          )}
        </div>
      </div>
      {account && (
        <div className="record-actions">
          <button
            type="button"
            className="button primary"
            disabled={message.isPending}
            onClick={() => {
              message.mutate(account.username);
            }}
          >
            <MessageCircle aria-hidden size={18} /> {t('records.persons.message')}
          </button>
          <Link className="button" to={paths.connectPerson(account.id)}>
            <UserRound aria-hidden size={18} /> {t('records.persons.profile')}
          </Link>
        </div>
      )}
      <RecordText text={person.description} />
      <Facts
        className="fact-list record-facts"
        items={[
          [
            t('records.persons.met'),
            (metPlace || person.metWhere) && (
              <>
                {metPlace && <Link to={paths.placeDetail(metPlace.id)}>{metPlace.name}</Link>}
                {metPlace && person.metWhere && ' · '}
                {person.metWhere && <span dir="auto">{person.metWhere}</span>}
              </>
            ),
          ],
          [t('records.persons.metOn'), person.metOn && formatDay(person.metOn, i18n.language)],
          [
            t('records.persons.languages'),
            person.languages.length > 0 && (
              <ul className="chips">
                {person.languages.map((code) => (
                  <li key={code} lang={code}>
                    {languageName(code, i18n.language)}
                  </li>
                ))}
              </ul>
            ),
          ],
        ]}
      />
      <RecordText heading={t('records.form.note')} text={person.note} />
      <RecordStamp updatedAt={person.updatedAt} />
      {remove.dialog}
    </article>
  );
}
