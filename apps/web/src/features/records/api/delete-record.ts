import { del } from '../../../lib/http';
import type { RecordKind } from '../kinds';

/** Deletes a record of mine (204). Its photos stay among my uploads, so an undo can use them again. */
export const deleteRecord = (kind: RecordKind, id: string) => del<undefined>(`/${kind}/${encodeURIComponent(id)}`);
