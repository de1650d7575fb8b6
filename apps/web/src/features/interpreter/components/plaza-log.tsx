import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlazaMuse } from '../plaza-muses';
import { PlazaMuseCard, type PlazaMuseCardProps } from './plaza-muse-card';

/** The muses, and what every card of them is shown with (the plaza, who reads, how fast it is read aloud). */
interface PlazaLogProps extends Omit<PlazaMuseCardProps, 'muse'> {
  muses: readonly PlazaMuse[];
  label: string;
  /**
   * Face to face shows the conversation twice, once per reader; only this device's own copy is
   * announced, or a screen reader would say every muse twice.
   */
  announce: boolean;
}

export function PlazaLog({ muses, label, announce, ...card }: PlazaLogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // A translation arriving makes a card taller: follow it too, not only new muses.
  const finished = muses.reduce(
    (count, muse) => count + Object.values(muse.translations).filter((x) => x.state !== 'pending').length,
    0,
  );
  useEffect(() => {
    const element = ref.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [muses.length, finished]);

  const visible = muses.filter((muse) => !muse.deleted);
  return (
    <div
      ref={ref}
      className="plaza-log"
      role="log"
      aria-label={label}
      aria-live={announce ? 'polite' : 'off'}
      tabIndex={0}
    >
      {visible.length === 0 ? (
        <p className="muted plaza-empty">{t('interpreter.empty')}</p>
      ) : (
        <ol className="plaza-muses">
          {visible.map((muse) => (
            <PlazaMuseCard key={muse.id} muse={muse} {...card} />
          ))}
        </ol>
      )}
    </div>
  );
}
