import type { ReactNode } from 'react';
import type { Photo } from '@tolk/shared/schemas/conversations';
import { PhotoOr } from '../../../ui/avatar';

/**
 * A record's photo as a small square (its thumbnail), or an icon in its place when it has none or
 * it cannot load. Decorative: the record's name is written beside it.
 */
export function RecordThumb({
  photo,
  fallback,
  large = false,
}: {
  photo: Photo | null | undefined;
  fallback: ReactNode;
  large?: boolean;
}) {
  const className = large ? 'record-thumb large' : 'record-thumb';
  return (
    <PhotoOr
      src={photo ? (large ? photo.url : photo.thumbUrl) : null}
      className={className}
      fallback={
        <span className={`${className} placeholder`} aria-hidden>
          {fallback}
        </span>
      }
    />
  );
}
