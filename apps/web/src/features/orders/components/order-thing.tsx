import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Package } from 'lucide-react';
import type { Photo } from '@tolk/shared/schemas/conversations';
import type { ThingUnit } from '@tolk/shared/schemas/things';
import { priceOrFree } from '../../../lib/format';
import { PhotoThumb } from '../../../ui/photo-thumb';
import { UNIT_KEYS } from '../format';

interface OrderThingProps {
  name: string;
  photo: Photo | null | undefined;
  priceMinor: number;
  currency: string;
  unit: ThingUnit;
  /** The screen's title (the order's page), or a heading under it (the order form). */
  as: 'h1' | 'h2';
  titleId?: string;
  /** Below the price: who offers it, where the order stands. */
  children?: ReactNode;
}

/** The thing ordered: its photo, its name, its price per unit as the reader writes money (or "Free"). */
export function OrderThing({
  name,
  photo,
  priceMinor,
  currency,
  unit,
  as: Heading,
  titleId,
  children,
}: OrderThingProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="order-thing">
      <PhotoThumb photo={photo} className="order-thing-photo" large fallback={<Package size={36} />} />
      <div className="order-thing-text">
        <Heading id={titleId} dir="auto">
          {name}
        </Heading>
        <p className="order-price">
          <strong>{priceOrFree(priceMinor, currency, i18n.language, t)}</strong>
          {priceMinor > 0 && <span className="muted"> {t(UNIT_KEYS[unit])}</span>}
        </p>
        {children}
      </div>
    </div>
  );
}
