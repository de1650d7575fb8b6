import { useTranslation } from 'react-i18next';
import { getClaims } from '../api';
import { DebugScreen } from '../debug-screen';

export function Component() {
  const { t } = useTranslation();
  return <DebugScreen title={t('debug.claimsTitle')} call={getClaims} />;
}
