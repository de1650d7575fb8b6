import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PenLine } from 'lucide-react';
import { useLoginResponse } from '../../../lib/session';
import { ListEmpty } from '../../../ui/list-empty';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { occasionsQuery } from '../api/list-occasions';
import { OccasionCard } from '../components/occasion-card';
import { ReferencesSection } from '../components/references-section';
import '../references.css';

/**
 * /references: what I may write a reference about now (a meeting, an order), each with its form
 * a tap away, and the references written about me.
 */
export function Component() {
  const { t } = useTranslation();
  const ids = { title: useId(), toWrite: useId() };
  const { loginResponse } = useLoginResponse();
  const occasions = useQuery(occasionsQuery());
  const toWrite = occasions.data?.items.filter((occasion) => occasion.written === null) ?? [];

  return (
    <div className="references-screen">
      <header className="head-row">
        <h1 id={ids.title}>{t('references.screenTitle')}</h1>
      </header>
      <p className="muted">{t('references.lead')}</p>
      <section aria-labelledby={ids.toWrite}>
        <h2 id={ids.toWrite}>{t('references.occasions.title')}</h2>
        {occasions.isPending ? (
          <ScreenSkeleton lines={3} />
        ) : occasions.isError ? (
          <QueryError as="div" error={occasions.error} onRetry={refetchOf(occasions)} />
        ) : toWrite.length === 0 ? (
          <ListEmpty icon={<PenLine aria-hidden size={32} />} text={t('references.occasions.none')} />
        ) : (
          <ul className="occasion-list">
            {toWrite.map((occasion) => (
              <li key={occasion.about}>
                <OccasionCard occasion={occasion} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <ReferencesSection subjectId={loginResponse.userid} title={t('references.aboutMe')} />
    </div>
  );
}
