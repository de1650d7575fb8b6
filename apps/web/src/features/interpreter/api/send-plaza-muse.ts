import { useRef } from 'react';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MuseDetail } from '@tolk/shared/schemas/conversations';
import type { sendPlazaMuseInputSchema } from '@tolk/shared/schemas/plazas';
import { post } from '../../../lib/http';
import { plazaRequestConfig } from '../plaza-tokens';
import { uploadPlazaPhoto } from './upload-plaza-photo';

export type SendPlazaMuseInput = z.input<typeof sendPlazaMuseInputSchema>;

/** Idempotent on clientId: sending the same draft again returns the muse already stored. */
export const sendPlazaMuse = (plazaId: string, input: SendPlazaMuseInput) =>
  post<MuseDetail>(`/plazas/${encodeURIComponent(plazaId)}/muses`, input, plazaRequestConfig(plazaId));

/** A draft as sent: the muse's fields, with the photo file itself in place of its uploaded id. */
export type PlazaMuseDraft = Omit<SendPlazaMuseInput, 'photoId'> & { photo?: File };

/**
 * Sends a draft to a plaza, uploading its photo first. A photo uploaded for a send that failed is
 * not uploaded again when the same draft is sent again; once a send goes through it is forgotten.
 */
export function useSendPlazaMuse(
  plazaId: string,
  options: Omit<UseMutationOptions<MuseDetail, Error, PlazaMuseDraft>, 'mutationFn'> = {},
) {
  const uploaded = useRef<{ file: File; photoId: string } | undefined>(undefined);
  return useMutation({
    ...options,
    mutationFn: async ({ photo, ...input }: PlazaMuseDraft) => {
      let photoId: string | undefined;
      if (photo) {
        if (uploaded.current?.file !== photo) {
          const result = await uploadPlazaPhoto(plazaId, photo);
          uploaded.current = { file: photo, photoId: result.id };
        }
        photoId = uploaded.current.photoId;
      }
      return sendPlazaMuse(plazaId, { ...input, ...(photoId ? { photoId } : {}) });
    },
    onSuccess: async (muse, ...rest) => {
      uploaded.current = undefined;
      await options.onSuccess?.(muse, ...rest);
    },
  });
}
