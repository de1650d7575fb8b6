import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { RequestsBadge } from '../../features/connect';
import { paths } from '../../lib/paths';
import { PartBoundary } from '../../ui/lazy-part';
import { isActiveMember, useLoginResponse } from '../../lib/session';
import { bottomNavEntries } from '../menu';

export function BottomNav() {
  const { t } = useTranslation();
  const { loginResponse } = useLoginResponse();
  return (
    <nav className="bottom-nav" aria-label={t('nav.main')}>
      {bottomNavEntries.map(({ to, labelKey, icon: Icon }) => (
        <NavLink key={to} to={to}>
          <Icon aria-hidden size={22} />
          <span>{t(labelKey)}</span>
          {/* Requests waiting for a member's answer, counted on Connect. */}
          {to === paths.connect && isActiveMember(loginResponse) && (
            <PartBoundary parts={[RequestsBadge]} quiet>
              <RequestsBadge />
            </PartBoundary>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
