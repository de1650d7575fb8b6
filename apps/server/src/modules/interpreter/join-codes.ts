import { randomInt } from 'node:crypto';

// No 0/O or 1/I: a code read aloud across a table or off a screen is typed right the first time.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newJoinCode(length = 6): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET.charAt(randomInt(ALPHABET.length));
  return code;
}
