import { useTranslation } from 'react-i18next';
import type { ReferenceKind } from '@tolk/shared/schemas/references';

const KIND_KEYS: Record<ReferenceKind, string> = {
  meeting: 'references.kind.meeting',
  order: 'references.kind.order',
};

/** What two members did together, in a word: a meeting, an order. */
export function KindLabel({ kind }: { kind: ReferenceKind }) {
  const { t } = useTranslation();
  return <>{t(KIND_KEYS[kind])}</>;
}
