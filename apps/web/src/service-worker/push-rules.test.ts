import { describe, expect, it } from 'vitest';
import { appLink, shownNotification } from './push-rules';

const ORIGIN = 'https://tolk.example';

describe('what a push shows', () => {
  it('shows the words the server wrote, and opens the screen it names', () => {
    const shown = shownNotification(
      JSON.stringify({ title: 'Ana te envió una muse', body: 'Hola', link: '/muses/42', tag: 'muse:42' }),
      ORIGIN,
    );
    expect(shown.title).toBe('Ana te envió una muse');
    expect(shown.options).toMatchObject({ body: 'Hola', tag: 'muse:42', data: { link: '/muses/42' } });
  });

  it('still shows something for a push that is not Tolk’s shape', () => {
    for (const data of [undefined, '', 'not json', 'null', '[1,2]', JSON.stringify({ title: 7 })]) {
      const shown = shownNotification(data, ORIGIN);
      expect(shown.title).toBe('Tolk');
      expect(shown.options.data.link).toBe('/notifications');
    }
  });

  it('opens only this app’s own screens', () => {
    expect(appLink('/connect/7?tab=trips', ORIGIN)).toBe('/connect/7?tab=trips');
    for (const link of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 'muses/1', 42, null]) {
      expect(appLink(link, ORIGIN)).toBe('/notifications');
    }
  });
});
