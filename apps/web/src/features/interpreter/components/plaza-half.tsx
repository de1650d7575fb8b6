import type { ReactNode } from 'react';
import type { PlazaSide } from '@tolk/shared/schemas/plazas';
import { DETECT_LANGUAGE } from '@tolk/shared/languages';
import { endonym as languageName } from '../../../lib/language-names';

interface PlazaHalfProps {
  side: PlazaSide;
  position: 'top' | 'bottom';
  label: string;
  language: string;
  /** Under the heading: who is there (names, waiting, online). */
  status?: ReactNode;
  /** The conversation from this side's point of view (face-to-face only). */
  log?: ReactNode;
  composer?: ReactNode;
}

/**
 * One person's half of the screen. In the face-to-face layout the top half is turned upside
 * down by CSS (see .plaza[data-layout='face-to-face'] in ../plaza.css), so whoever sits across
 * the table reads it the right way up, with their input nearest to them.
 */
export function PlazaHalf({ side, position, label, language, status, log, composer }: PlazaHalfProps) {
  return (
    <section
      className="plaza-half"
      data-side={side}
      data-position={position}
      aria-label={`${label} · ${languageName(language)}`}
    >
      <header className="plaza-half-head">
        <p className="plaza-half-title">
          <strong>{label}</strong>{' '}
          <span lang={language === DETECT_LANGUAGE ? undefined : language}>{languageName(language)}</span>
        </p>
        {status}
      </header>
      {log}
      {composer}
    </section>
  );
}
