import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGE_FORMS, SERVER_MESSAGES } from './server-messages';

describe('server messages', () => {
  it('reads back the value each sentence form writes', () => {
    expect(SERVER_MESSAGE_FORMS.textTooLong.say(5000).match(SERVER_MESSAGE_FORMS.textTooLong.pattern)?.[1]).toBe(
      '5000',
    );
    expect(
      SERVER_MESSAGE_FORMS.guestTextTooLong.say(280).match(SERVER_MESSAGE_FORMS.guestTextTooLong.pattern)?.[1],
    ).toBe('280');
    expect(
      SERVER_MESSAGE_FORMS.noSuchMember.say(['ana', 'bo.k']).match(SERVER_MESSAGE_FORMS.noSuchMember.pattern)?.[1],
    ).toBe('ana, bo.k');
    expect(SERVER_MESSAGE_FORMS.photoTooLarge.say(10).match(SERVER_MESSAGE_FORMS.photoTooLarge.pattern)?.[1]).toBe(
      '10',
    );
  });

  it('gives every sentence one meaning: no two alike, and no plain sentence mistaken for a form', () => {
    const sentences = Object.values(SERVER_MESSAGES);
    expect(new Set(sentences).size).toBe(sentences.length);
    for (const sentence of sentences) {
      for (const form of Object.values(SERVER_MESSAGE_FORMS)) expect(sentence).not.toMatch(form.pattern);
    }
  });
});
