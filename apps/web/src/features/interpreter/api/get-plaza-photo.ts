import { get } from '../../../lib/http';
import { plazaRequestConfig } from '../plaza-tokens';

/** Photo URLs are site paths (/api/uploads/…); the axios instance already prefixes /api. */
const apiRelative = (url: string) => url.replace(/^\/api(?=\/)/, '');

/** Guests cannot use <img src>: their token travels in a header, so the photo comes as a blob. */
export const getPlazaPhoto = (plazaId: string, url: string) =>
  get<Blob>(apiRelative(url), { ...plazaRequestConfig(plazaId), responseType: 'blob' });
