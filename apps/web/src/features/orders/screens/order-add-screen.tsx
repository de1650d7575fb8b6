import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PackageX } from 'lucide-react';
import { paths } from '../../../lib/paths';
import { useLoginResponse } from '../../../lib/session';
import { BackLink } from '../../../ui/back-link';
import { isMissing, QueryError, refetchOf } from '../../../ui/query-error';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { offeredThingsQuery } from '../api/list-offered-things';
import { OrderAddForm } from '../components/order-add-form';
import { OrderNotice } from '../components/order-notice';
import '../orders.css';

/**
 * /order/add?thing={id}&owner={username}: ordering what a member offers, read from what they
 * offer now; a thing no longer offered (or never), one's own or one not available now is said
 * plainly, with the way back.
 */
export function Component() {
  const { t } = useTranslation();
  const titleId = useId();
  const [params] = useSearchParams();
  const thingId = params.get('thing') ?? '';
  const owner = params.get('owner') ?? '';
  const { loginResponse } = useLoginResponse();
  const query = useQuery({ ...offeredThingsQuery(owner), enabled: owner !== '' && thingId !== '' });
  const thing = query.data?.items.find((item) => item.id === thingId);
  const back = thing ? paths.connectPerson(thing.owner.id) : paths.connect;

  const cannot = (message: string) => (
    <OrderNotice
      icon={<PackageX aria-hidden size={40} />}
      title={t('orders.add.cannotTitle')}
      message={message}
      action={
        <Link className="button" to={back}>
          {thing ? t('orders.add.backToSeller') : t('orders.add.backToConnect')}
        </Link>
      }
    />
  );

  let body: ReactNode;
  if (!owner || !thingId) body = cannot(t('orders.add.notOffered'));
  else if (query.isPending) body = <ScreenSkeleton lines={6} />;
  else if (query.isError && !isMissing(query.error)) {
    body = <QueryError as="div" error={query.error} onRetry={refetchOf(query)} />;
  } else if (!thing) body = cannot(t('orders.add.notOffered'));
  else if (thing.owner.username === loginResponse.username) body = cannot(t('orders.add.own'));
  else if (thing.availability === 'unavailable') body = cannot(t('orders.add.unavailable'));
  else body = <OrderAddForm key={thing.id} thing={thing} />;

  return (
    <section className="orders" aria-labelledby={titleId}>
      <header className="screen-bar">
        <BackLink to={back} />
        <h1 id={titleId}>{t('orders.add.title')}</h1>
      </header>
      {body}
    </section>
  );
}
