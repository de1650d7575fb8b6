import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRight, CreditCard, FlaskConical, Wallet } from 'lucide-react';
import type { PaymentProviderId } from '@tolk/shared/payments';
import type { PaymentProvider } from '@tolk/shared/schemas/payments';
import { PROVIDER_HINT_KEYS, providerName } from '../format';

const ICONS: Record<PaymentProviderId, typeof CreditCard> = {
  sandbox: FlaskConical,
  stripe: CreditCard,
  paypal: Wallet,
};

interface ProviderChoicesProps {
  providers: PaymentProvider[];
  onChoose: (provider: PaymentProviderId) => void;
  /** The provider being opened, while it is: every choice waits meanwhile. */
  opening: PaymentProviderId | undefined;
  disabled: boolean;
}

/**
 * The ways to pay offered, each one large choice: its name, what happens next, and in test mode
 * a label saying that no real money moves. Choosing one starts the payment at once.
 */
export function ProviderChoices({ providers, onChoose, opening, disabled }: ProviderChoicesProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="payment-providers" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('payments.select.how')}</h2>
      <ul className="card-list">
        {providers.map((provider) => {
          const Icon = ICONS[provider.id];
          const busy = opening === provider.id;
          return (
            <li key={provider.id}>
              <button
                type="button"
                className="control payment-provider"
                disabled={disabled || opening !== undefined}
                aria-busy={busy || undefined}
                onClick={() => {
                  onChoose(provider.id);
                }}
              >
                <Icon aria-hidden size={26} className="payment-provider-icon" />
                <span className="payment-provider-text">
                  <span className="payment-provider-name">{providerName(provider.id, t)}</span>
                  <span className="payment-provider-hint">
                    {busy ? t('payments.select.opening') : t(PROVIDER_HINT_KEYS[provider.id])}
                  </span>
                  {provider.testMode && (
                    <span className="pill outlined payment-test-badge">{t('payments.testMode')}</span>
                  )}
                </span>
                <ChevronRight aria-hidden size={20} className="flip-rtl" />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
