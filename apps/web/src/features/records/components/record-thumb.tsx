import type { ReactNode } from 'react';
import type { Photo } from '@tolk/shared/schemas/conversations';
import { PhotoThumb } from '../../../ui/photo-thumb';

/** A record's photo as a small square in a row, or large at the head of its page; an icon without one. */
export function RecordThumb({
  photo,
  fallback,
  large = false,
}: {
  photo: Photo | null | undefined;
  fallback: ReactNode;
  large?: boolean;
}) {
  return (
    <PhotoThumb
      photo={photo}
      fallback={fallback}
      large={large}
      className={large ? 'record-thumb large' : 'record-thumb'}
    />
  );
}
