import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { platformFee } from '@tolk/shared/payments';
import { termsQuery } from './api/get-terms';

/** A percent as the reader writes it: 12.5 in es is "12,5 %". */
export function formatPercent(percent: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}

/**
 * What a seller keeps of a price they set: the platform's fee, at the percent the server takes
 * (GET /api/payments/terms, through the same rule as the payments), and the rest. Nothing for a
 * free price, while the terms load, or when they cannot be read: the form around it works on.
 */
export function SellerFee({ priceMinor, currency, id }: { priceMinor: number; currency: string; id?: string }) {
  const { t, i18n } = useTranslation();
  const terms = useQuery(termsQuery());
  if (!terms.data || priceMinor <= 0) return null;
  const language = i18n.language;
  const feeMinor = platformFee(priceMinor, terms.data.feePercent);
  let fee: string;
  let net: string;
  try {
    fee = formatMoney(feeMinor, currency, language);
    net = formatMoney(priceMinor - feeMinor, currency, language);
  } catch {
    return null; // A currency code still being typed.
  }
  return (
    <p id={id} className="seller-fee small muted">
      {t('payments.fee.onPrice', { percent: formatPercent(terms.data.feePercent, language), fee, net })}
    </p>
  );
}
