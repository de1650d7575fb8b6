/** A plain decimal number (an amount such as -12.50): a spreadsheet reads it as a number, never a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A CSV file as spreadsheets read it: a header row, fields quoted where needed, CRLF lines. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const field = (value: unknown): string => {
    const text =
      value === null || value === undefined
        ? ''
        : typeof value === 'string'
          ? value
          : typeof value === 'number' || typeof value === 'boolean'
            ? String(value)
            : Array.isArray(value)
              ? value.join(' ')
              : JSON.stringify(value);
    // A leading =, +, - or @ would run as a formula in a spreadsheet: kept as text.
    const safe = /^[=+\-@]/.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
