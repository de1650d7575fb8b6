import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { aMuse } from '../test-factories';
import { writerLabel } from './plaza-muse-card';

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
});
const t = i18next.t.bind(i18next);

describe('writerLabel', () => {
  const hostTyped = aMuse(1, { side: 'audience', sender: { username: 'ola', displayName: 'Ola', memberId: 'host' } });
  const guestTyped = aMuse(2, { side: 'audience', sender: { username: '', displayName: 'Ana', memberId: 'guest' } });

  it('on a joined phone, says "Me" only for what that phone sent, not for what the host typed for its side', () => {
    const joined = { host: false, memberId: 'guest' };
    expect(writerLabel(guestTyped, 'audience', 'audience', joined, t)).toBe('Me');
    expect(writerLabel(hostTyped, 'audience', 'audience', joined, t)).toBe("Typed on the host's phone");
  });

  it('on the host’s phone, labels by side: it writes for both', () => {
    const host = { host: true, memberId: 'host' };
    expect(writerLabel(hostTyped, 'user', 'user', host, t)).toBe('Me');
    expect(writerLabel(hostTyped, 'audience', 'user', host, t)).toBe('My audience');
  });
});
