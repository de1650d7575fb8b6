import { useTranslation } from 'react-i18next';
import { Frown, Meh, Smile, type LucideIcon } from 'lucide-react';
import type { ReferenceOpinion } from '@tolk/shared/schemas/references';

/** Each opinion's word, its icon and its pill's colour class. */
export const OPINIONS: Record<ReferenceOpinion, { key: string; icon: LucideIcon }> = {
  positive: { key: 'references.opinion.positive', icon: Smile },
  neutral: { key: 'references.opinion.neutral', icon: Meh },
  negative: { key: 'references.opinion.negative', icon: Frown },
};

/** A reference's opinion as a pill: its icon and word, coloured by it. */
export function OpinionBadge({ opinion }: { opinion: ReferenceOpinion }) {
  const { t } = useTranslation();
  const { key, icon: Icon } = OPINIONS[opinion];
  return (
    <span className={`pill opinion ${opinion}`}>
      <Icon aria-hidden size={14} /> {t(key)}
    </span>
  );
}
