import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriberLimitKey, SubscriptionBenefits } from '@tolk/shared/schemas/subscriptions';
import { formatNumber } from '../../../lib/format';
import { engineName } from '../../../lib/language-names';

/** Each limit as it is counted: per day or per hour, the key says which. */
const LIMIT_KEYS: Record<SubscriberLimitKey, string> = {
  connectRequestsPerDay: 'subscriptions.benefits.limits.connectRequestsPerDay',
  plazasPerHour: 'subscriptions.benefits.limits.plazasPerHour',
  photoUploadsPerDay: 'subscriptions.benefits.limits.photoUploadsPerDay',
};

/** Names as one phrase in the reader's language: "DeepL and Azure AI Translator". */
function listOf(names: readonly string[], language: string): string {
  try {
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

/**
 * What a subscription gives, from the server's own figures: each limit a member has without and
 * with one, and the premium translation engines subscribers' muses and plazas get, if any.
 */
export function Benefits({ benefits }: { benefits: SubscriptionBenefits }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { limits, premiumEngines } = benefits;
  if (limits.length === 0 && premiumEngines.length === 0) return null;
  return (
    <section className="subscription-benefits" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('subscriptions.benefits.title')}</h2>
      {limits.length > 0 && (
        <table className="benefits-table">
          <thead>
            <tr>
              <td />
              <th scope="col">{t('subscriptions.benefits.member')}</th>
              <th scope="col">{t('subscriptions.benefits.subscriber')}</th>
            </tr>
          </thead>
          <tbody>
            {limits.map((limit) => (
              <tr key={limit.key}>
                <th scope="row">{t(LIMIT_KEYS[limit.key])}</th>
                <td>{formatNumber(limit.member, i18n.language)}</td>
                <td className="benefits-more">{formatNumber(limit.subscriber, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {premiumEngines.length > 0 && (
        <p className="benefits-engines">
          {t('subscriptions.benefits.engines', { engines: listOf(premiumEngines.map(engineName), i18n.language) })}
        </p>
      )}
    </section>
  );
}
