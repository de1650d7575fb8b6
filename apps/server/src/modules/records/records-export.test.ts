import { describe, expect, it } from 'vitest';
import { toCsv } from './records-export';

describe('toCsv', () => {
  it('quotes what needs quoting, keeps formulas as text and ends lines with CRLF', () => {
    expect(
      toCsv(
        ['name', 'note', 'n', 'tags'],
        [
          ['Ana, "the guide"', 'line one\nline two', 3, ['pt', 'en']],
          ['=HYPERLINK("x")', null, undefined, []],
        ],
      ),
    ).toBe('name,note,n,tags\r\n"Ana, ""the guide""","line one\nline two",3,pt en\r\n"\'=HYPERLINK(""x"")",,,\r\n');
  });
});
