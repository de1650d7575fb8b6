import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SearchX } from 'lucide-react';
import { paths } from '../../../lib/paths';
import { MissingOrError } from '../../../ui/query-error';

/** An order that did not load: not there (or not mine: the same 404), or why, with a retry. */
export function OrderMissing({ query }: { query: { error: unknown; refetch: () => Promise<unknown> } }) {
  const { t } = useTranslation();
  return (
    <MissingOrError
      query={query}
      icon={<SearchX aria-hidden size={40} />}
      title={t('orders.detail.missingTitle')}
      message={t('orders.detail.missing')}
      back={
        <Link className="button" to={paths.orders()}>
          {t('orders.title')}
        </Link>
      }
    />
  );
}
