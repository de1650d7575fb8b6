import { put } from '../../../lib/http';
import type { RecordKind, RecordOf, UpdateOf } from '../kinds';

/**
 * Changes a record: all of its fields, and the version the form was loaded with. A record changed
 * since then is refused with 409 `conflict`, never merged.
 */
export const updateRecord = <K extends RecordKind>(kind: K, id: string, update: UpdateOf<K>) =>
  put<RecordOf<K>>(`/${kind}/${encodeURIComponent(id)}`, update);
