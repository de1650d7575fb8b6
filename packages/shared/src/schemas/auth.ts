import { z } from 'zod';
import { shownNameSchema, textSchema } from './text';

import {
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '../limits';

export { DISPLAY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../limits';

export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN, `At least ${USERNAME_MIN} characters.`)
  .max(USERNAME_MAX, `At most ${USERNAME_MAX} characters.`)
  .regex(USERNAME_PATTERN, 'Only letters, digits, ".", "_" and "-".');

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters.`);

/** A language tag such as en, pt-BR or zh-Hans, stored lower-case. */
export const languageCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/, 'A language code such as en or pt-br.');

/** A member's name as others see it (the staff's names are set by superadmins: staffDisplayNameSchema). */
export const displayNameSchema = shownNameSchema(DISPLAY_NAME_MAX);
/** A display name a superadmin sets: any text, "Administrator" included. */
export const staffDisplayNameSchema = textSchema(DISPLAY_NAME_MAX);

/** An email address as a member types it (RFC 5321's 254 characters at most), kept as typed but trimmed. */
export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX, `At most ${EMAIL_MAX} characters.`)
  .pipe(z.email('Not an email address.'));

export const registerInputSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  displayName: displayNameSchema.optional(),
  language: languageCodeSchema.optional(),
  /** Optional: where recovery and notifications reach the member, once verified by its link. */
  email: emailSchema.optional(),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** Sign-in checks no shape beyond presence, so every failure reads the same. */
export const signInInputSchema = z.object({
  username: z.string().min(1, 'Required.').max(256),
  password: z.string().min(1, 'Required.').max(1024),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

export const changePasswordInputSchema = z.object({
  currentPassword: z.string().min(1, 'Required.').max(1024),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** What the server answers on register, sign-in and password change. */
export const loginResponseSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  language: z.string(),
  tenant: z.string(),
  roles: z.string(),
  userId: z.string(),
  activeSubscriber: z.boolean(),
  isLoggedIn: z.boolean(),
  /**
   * Signed in with a one-time password (an admin made the account or reset its password): every
   * API route but change-password, me and sign-out answers 403 password_change_required until then.
   */
  mustChangePassword: z.boolean(),
  token: z.string(),
  /** The member's profile photo (256 px square), null when they have none. */
  avatarUrl: z.string().nullable().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The caller as the server sees them, without a token. */
export const meSchema = loginResponseSchema.omit({ token: true }).extend({
  superAdmin: z.boolean(),
  sessionId: z.string(),
});
export type Me = z.infer<typeof meSchema>;

export const claimsSchema = z.object({
  sub: z.string(),
  sid: z.string(),
  username: z.string(),
  tenant: z.string(),
  roles: z.string(),
  superAdmin: z.boolean(),
  issuedAt: z.string(),
  expiresAt: z.string(),
});
export type Claims = z.infer<typeof claimsSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

export { ACCESS_TOKEN_COOKIE } from '../auth-constants';

/** My email address and whether I proved it mine; `mailTransport` says whether mail leaves the server or waits in its mailbox. */
export const accountEmailSchema = z.object({
  email: z.string().nullable(),
  verified: z.boolean(),
});
export type AccountEmail = z.infer<typeof accountEmailSchema>;

/** A new address (a link to verify it is mailed to it), or null to remove mine. */
export const setEmailInputSchema = z.object({ email: emailSchema.nullable() });
export type SetEmailInput = z.infer<typeof setEmailInputSchema>;

/** A token from a mailed link. */
export const mailTokenSchema = z.string().trim().min(20, 'Not a valid link.').max(200, 'Not a valid link.');

export const verifyEmailInputSchema = z.object({ token: mailTokenSchema });

/** "Forgot password?": my username or my verified email address. */
export const forgotPasswordInputSchema = z.object({
  login: z.string().trim().min(1, 'Required.').max(EMAIL_MAX),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

export const resetPasswordInputSchema = z.object({ token: mailTokenSchema, password: passwordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;
