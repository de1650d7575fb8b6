import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Compass, Languages, MessagesSquare, Plane, Sparkles, UserPlus, Users } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import '../landing.css';
import { afterFirstScreen } from '../../../lib/later-parts';
import { paths } from '../../../lib/paths';
import { useIdle } from '../../../lib/use-idle';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { lazyPart, PartBoundary } from '../../../ui/lazy-part';
import { TryBoxPreview } from '../components/try-box-fields';

// The try box brings the HTTP client and TanStack Query: it loads once the page is idle and the
// box is near the screen, so the first screen everyone sees neither waits for them nor paints
// after them, and a phone that never scrolls down to it does not load them for it.
const TryTranslation = lazyPart(
  afterFirstScreen(async () => ({ default: (await import('../components/try-translation')).TryTranslation })),
);

function Section({
  id,
  icon,
  title,
  body,
  action,
  wide = false,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  body: string;
  action?: { to: string; label: string };
  /** Across the whole row on wide screens. */
  wide?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className={wide ? 'landing-section wide' : 'landing-section'} aria-labelledby={`${id}-title`}>
      <div className="landing-icon" aria-hidden>
        {icon}
      </div>
      <h2 id={`${id}-title`}>{title}</h2>
      <p>{body}</p>
      {children}
      {action && (
        <Link className="button" to={action.to}>
          {action.label}
        </Link>
      )}
    </section>
  );
}

const tryBoxLoading = <TryBoxPreview />;

export function Component() {
  const { t } = useTranslation();
  const idle = useIdle();
  const tryBox = useRef<HTMLDivElement>(null);
  const tryBoxNear = useNearViewport(tryBox);
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{t('landing.heroTitle')}</h1>
        <p className="lead">{t('landing.heroBody')}</p>
        <div className="actions">
          <Link className="button primary" to={paths.register()}>
            {t('landing.heroCta')}
          </Link>
          <Link className="button" to={paths.interpret}>
            {t('landing.heroSecondary')}
          </Link>
        </div>
      </section>

      <Section
        id="mission"
        icon={<Sparkles size={28} />}
        title={t('landing.missionTitle')}
        body={t('landing.missionBody')}
        wide
      />

      <section className="landing-section wide" aria-labelledby="how-title">
        <h2 id="how-title">{t('landing.howTitle')}</h2>
        <ol className="steps">
          {([1, 2, 3] as const).map((step) => (
            <li key={step}>
              <h3>{t(`landing.howStep${step}Title`)}</h3>
              <p>{t(`landing.howStep${step}Body`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <Section
        id="translation"
        icon={<Languages size={28} />}
        title={t('landing.translationTitle')}
        body={t('landing.translationBody')}
      >
        <div ref={tryBox}>
          {idle && tryBoxNear ? (
            <PartBoundary parts={[TryTranslation]} loading={tryBoxLoading}>
              <TryTranslation />
            </PartBoundary>
          ) : (
            tryBoxLoading
          )}
        </div>
      </Section>
      <Section
        id="chats"
        icon={<MessagesSquare size={28} />}
        title={t('landing.chatsTitle')}
        body={t('landing.chatsBody')}
        action={{ to: '/muses', label: t('landing.chatsCta') }}
      />
      <Section
        id="account"
        icon={<UserPlus size={28} />}
        title={t('landing.accountTitle')}
        body={t('landing.accountBody')}
        action={{ to: paths.register(), label: t('landing.accountCta') }}
      />
      <Section
        id="connect"
        icon={<Users size={28} />}
        title={t('landing.connectTitle')}
        body={t('landing.connectBody')}
        action={{ to: '/connect', label: t('landing.connectCta') }}
      />
      <Section
        id="travel"
        icon={<Plane size={28} />}
        title={t('landing.travelTitle')}
        body={t('landing.travelBody')}
        action={{ to: '/place', label: t('landing.travelCta') }}
      />
      <Section
        id="join"
        icon={<Compass size={28} />}
        title={t('landing.joinTitle')}
        body={t('landing.joinBody')}
        action={{ to: paths.register(), label: t('landing.joinCta') }}
      />
    </div>
  );
}
