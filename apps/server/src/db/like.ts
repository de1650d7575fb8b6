/** A text matched literally inside LIKE / ILIKE: its %, _ and \ escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);
