import { post } from '../../../lib/http';
import type { InputOf, RecordKind, RecordOf } from '../kinds';

/** Adds a record; the server answers with it as it reads it back (its id, version 1, photos). */
export const createRecord = <K extends RecordKind>(kind: K, input: InputOf<K>) => post<RecordOf<K>>(`/${kind}`, input);
