/** A calendar day (YYYY-MM-DD, no time) as the reader writes dates: "24 Dec 2026". */
export function formatDay(iso: string, language: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(language, {
      dateStyle: 'medium',
      timeZone: iso.length === 10 ? 'UTC' : undefined,
    }).format(date);
  } catch {
    return iso;
  }
}
