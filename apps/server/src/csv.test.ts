import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

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

  it('keeps negative amounts as numbers but a leading minus before anything else as text', () => {
    expect(
      toCsv(
        ['amount', 'memo'],
        [
          ['-12.50', '-1+2'],
          [-1250, '@SUM(A1)'],
        ],
      ),
    ).toBe("amount,memo\r\n-12.50,'-1+2\r\n-1250,'@SUM(A1)\r\n");
  });
});
