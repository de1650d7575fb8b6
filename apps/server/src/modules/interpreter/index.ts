/** The interpreter module's public face: The interpreter: saved pairs, plazas, join codes. Other modules import only this file. */
export { interpreterPlugin } from './interpreter.plugin';
export type { GuestLimits } from './interpreter.routes';
