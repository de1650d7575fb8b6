import type { MuseDetail } from '@tolk/shared/schemas/conversations';
import type { PlazaMuses } from '@tolk/shared/schemas/plazas';
import { get } from '../../../lib/http';
import { plazaRequestConfig } from '../plaza-tokens';

export const listPlazaMuses = (id: string, after: number) =>
  get<PlazaMuses>(`/plazas/${encodeURIComponent(id)}/muses`, { ...plazaRequestConfig(id), params: { after } });

/** A long conversation comes in pages; the screen needs all of it before it joins the live room. */
const MAX_PAGES = 40;

export async function listAllPlazaMuses(id: string, after = 0): Promise<MuseDetail[]> {
  const muses: MuseDetail[] = [];
  let cursor = after;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await listPlazaMuses(id, cursor);
    muses.push(...result.muses);
    const last = result.muses.at(-1)?.seq;
    if (!result.hasMore || last === undefined || last <= cursor) break;
    cursor = last;
  }
  return muses;
}
