/** The profiles module's public face: A member's own profile and avatar. Other modules import only this file. */
export { profilesPlugin } from './profiles.plugin';
export { createProfilesService, emptyProfile } from './profiles.service';
export type { ProfilesService } from './profiles.service';
