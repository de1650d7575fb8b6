import type { InterpreterProfile } from '@tolk/shared/schemas/plazas';
import { createPlaza } from './api/create-plaza';
import { getPlaza } from './api/get-plaza';
import { openInterpreterProfile } from './api/open-interpreter-profile';
import { forgetLastPlaza, lastPlazaOf, rememberPlaza } from './last-plazas';
import { getPlazaToken } from './plaza-tokens';

export const isReadyPair = (profile: Pick<InterpreterProfile, 'id'>) => profile.id.startsWith('ready-');

const samePair = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();

/**
 * "Each profile opens its plaza": the pair's last plaza while it lives and still speaks the
 * pair's languages, a new one otherwise or when `fresh` asks for it. Resolves to the plaza id.
 */
export async function openProfilePlaza(
  profile: InterpreterProfile,
  options: { serverSide: boolean; member: boolean; fresh: boolean },
): Promise<string> {
  if (options.serverSide) {
    return (await openInterpreterProfile(profile.id, { fresh: options.fresh })).plaza.id;
  }
  const pair = [profile.userLanguage, profile.audienceLanguage];
  const last = options.fresh ? undefined : lastPlazaOf(profile.id);
  // A guest gets back in only with the plaza's token; a member with their session.
  if (last && (options.member || getPlazaToken(last))) {
    const plaza = await getPlaza(last).catch(() => undefined);
    if (plaza && samePair([plaza.userLanguage, plaza.audienceLanguage], pair)) return plaza.id;
    forgetLastPlaza(profile.id);
  }
  const session = await createPlaza({
    userLanguage: profile.userLanguage,
    audienceLanguage: profile.audienceLanguage,
    // A ready pair's plaza is unnamed, so its title follows its languages (a joiner may change them).
    ...(isReadyPair(profile) ? {} : { name: profile.name }),
  });
  rememberPlaza(profile.id, session.plaza.id);
  return session.plaza.id;
}
