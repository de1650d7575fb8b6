import { PhotoRowSkeletons } from '../../../ui/photo-row-skeletons';

/** Rows the shape of a record's while a list loads. */
export function RecordRowSkeletons({ count }: { count: number }) {
  return <PhotoRowSkeletons count={count} listClassName="record-list" rowClassName="record-row" />;
}
