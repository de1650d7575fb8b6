import { useEffect, useState } from 'react';
import type { Photo } from '@tolk/shared/schemas/conversations';
import { getPlazaPhoto } from '../api/get-plaza-photo';

interface PlazaPhotoProps {
  plazaId: string;
  photo: Photo;
  alt: string;
  /** Guests prove access with a header, which <img src> cannot send. */
  guest: boolean;
}

export function PlazaPhoto({ plazaId, photo, alt, guest }: PlazaPhotoProps) {
  const [blobUrl, setBlobUrl] = useState<string | undefined>();

  useEffect(() => {
    if (!guest) return undefined;
    let active = true;
    let url: string | undefined;
    getPlazaPhoto(plazaId, photo.thumbUrl)
      .then((blob) => {
        if (!active) return;
        url = URL.createObjectURL(blob);
        setBlobUrl(url);
      })
      .catch(() => {
        // The frame keeps its size and the alt text says what was there.
      });
    return () => {
      active = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [guest, plazaId, photo.thumbUrl]);

  const src = guest ? blobUrl : photo.thumbUrl;
  return (
    <img
      className="plaza-photo"
      src={src}
      alt={alt}
      width={photo.width}
      height={photo.height}
      loading="lazy"
      decoding="async"
    />
  );
}
