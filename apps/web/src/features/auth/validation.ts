import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { UI_LANGUAGES } from '@tolk/shared/languages';
import {
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '@tolk/shared/limits';

/**
 * The shared rules with messages in the reader's language. The server checks the same
 * limits (shared constants) and its field errors are shown the same way.
 */
export function authValidation(t: TFunction) {
  const username = z
    .string()
    .trim()
    .min(USERNAME_MIN, t('validation.minChars', { count: USERNAME_MIN }))
    .max(USERNAME_MAX, t('validation.maxChars', { count: USERNAME_MAX }))
    .regex(USERNAME_PATTERN, t('validation.usernameChars'));
  const password = z
    .string()
    .min(PASSWORD_MIN, t('validation.minChars', { count: PASSWORD_MIN }))
    .max(PASSWORD_MAX, t('validation.maxChars', { count: PASSWORD_MAX }));
  const required = z.string().min(1, t('validation.required'));
  return {
    register: z.object({
      username,
      password,
      displayName: z
        .string()
        .trim()
        .max(DISPLAY_NAME_MAX, t('validation.maxChars', { count: DISPLAY_NAME_MAX })),
      language: z.enum(UI_LANGUAGES),
      /** Optional: empty, or an address. */
      email: z
        .string()
        .trim()
        .max(EMAIL_MAX, t('validation.maxChars', { count: EMAIL_MAX }))
        .refine((value) => value === '' || z.email().safeParse(value).success, t('auth.email.invalid')),
    }),
    signIn: z.object({ username: required, password: required }),
    forgotPassword: z.object({ login: required }),
    resetPassword: z
      .object({ password, confirmPassword: required })
      .refine((value) => value.password === value.confirmPassword, {
        path: ['confirmPassword'],
        message: t('auth.passwordsDiffer'),
      }),
    email: z.object({
      email: z
        .string()
        .trim()
        .max(EMAIL_MAX, t('validation.maxChars', { count: EMAIL_MAX }))
        .pipe(z.email(t('auth.email.invalid'))),
    }),
    changePassword: z
      .object({ currentPassword: required, newPassword: password, confirmNewPassword: required })
      .refine((value) => value.newPassword === value.confirmNewPassword, {
        path: ['confirmNewPassword'],
        message: t('auth.passwordsDiffer'),
      }),
  };
}

/**
 * The auth forms' resolvers. The screens load this module (ui/lazy-resolver.ts) instead of
 * importing it, so zod is not part of what the sign-in screen needs to appear.
 */
export function authResolvers(t: TFunction) {
  const schemas = authValidation(t);
  return {
    register: zodResolver(schemas.register),
    signIn: zodResolver(schemas.signIn),
    changePassword: zodResolver(schemas.changePassword),
    forgotPassword: zodResolver(schemas.forgotPassword),
    resetPassword: zodResolver(schemas.resetPassword),
    email: zodResolver(schemas.email),
  };
}
