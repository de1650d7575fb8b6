import type { Profile } from '@tolk/shared/schemas/profile';

/** The interface key naming each answer to "Who can find me" (edit form and profile alike). */
export const VISIBILITY_KEYS: Record<Profile['visibility'], string> = {
  everyone: 'profile.visibilityEveryone',
  connections: 'profile.visibilityConnections',
  hidden: 'profile.visibilityHidden',
};

/** The interface key naming each answer to "Who can message me". */
export const MESSAGE_POLICY_KEYS: Record<Profile['messagePolicy'], string> = {
  everyone: 'profile.messageEveryone',
  connections: 'profile.messageConnections',
};
