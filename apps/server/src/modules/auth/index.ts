/** The auth module's public face: Signing in and out, registering, changing one's password (sessions and callers: `plugins/auth.ts`). Other modules import only this file. */
export { authModule } from './auth.plugin';
export type { ThrottleLimits } from './sign-in-throttle';
