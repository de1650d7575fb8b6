import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { bottomNavEntries } from '../menu';

export function BottomNav() {
  const { t } = useTranslation();
  return (
    <nav className="bottom-nav" aria-label={t('nav.main')}>
      {bottomNavEntries.map(({ to, labelKey, icon: Icon }) => (
        <NavLink key={to} to={to}>
          <Icon aria-hidden size={22} />
          <span>{t(labelKey)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
