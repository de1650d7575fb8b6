import type { ReactNode } from 'react';
import type { Photo } from '@tolk/shared/schemas/conversations';
import { PhotoOr } from './avatar';

/**
 * A record's or an ordered thing's photo: its thumbnail (small) or the photo itself (large), or
 * the fallback (an icon) in its place when it has none or it cannot load. Decorative: the name is
 * written beside it. The fallback gets `${className} placeholder`.
 */
export function PhotoThumb({
  photo,
  fallback,
  className,
  large = false,
}: {
  photo: Photo | null | undefined;
  fallback: ReactNode;
  className: string;
  large?: boolean;
}) {
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
