/** Usernames typed as a comma-separated list: trimmed, blanks dropped, each once. */
export function splitUsernames(value: string): string[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}
