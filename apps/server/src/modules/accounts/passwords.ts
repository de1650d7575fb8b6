import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { fieldError } from '../../errors';

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane. */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * True for passwords in the zxcvbn common-passwords list (about 18,000 of 8 characters or more),
 * compared without case, so "Password123" is refused like "password123".
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const words = (dictionary as Record<string, string[] | undefined>)['passwords-common'] ?? [];
    return new Set(words.filter((word) => word.length >= 8).map((word) => word.toLowerCase()));
  });
  return (await commonPasswords).has(password.toLowerCase());
}

/** Refuses a password from the common list, or the username itself, as an error on `field`. */
export async function assertAcceptablePassword(field: string, password: string, username: string): Promise<void> {
  if ((await isCommonPassword(password)) || password.toLowerCase() === username.toLowerCase()) {
    throw fieldError(field, SERVER_MESSAGES.passwordTooCommon);
  }
}

/** A one-time password an admin hands over (16 characters, 96 random bits); the member changes it at sign-in. */
export const oneTimePassword = () => randomBytes(12).toString('base64url');
