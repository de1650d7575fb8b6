import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranslateResponse, TranslationResult } from '@tolk/shared/schemas/translation';
import { TRANSLATE_GUEST_TEXT_MAX } from '@tolk/shared/limits';
import { initI18n } from '../../../lib/i18n';
import { LoginResponseProvider } from '../../../lib/session';
import { post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { TryTranslation } from './try-translation';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  post: vi.fn(),
}));
// POST /translate, the try box's one request.
const translateMock = vi.mocked(post<TranslateResponse>);

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  translateMock.mockReset();
});

function renderBox() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LoginResponseProvider>
        <MemoryRouter>
          <TryTranslation />
        </MemoryRouter>
      </LoginResponseProvider>
    </QueryClientProvider>,
  );
}

describe('landing "Try translation" box', () => {
  it('detects the language by default and shows the translation', async () => {
    translateMock.mockResolvedValue({
      results: [
        {
          source: 'Where is the train station?',
          from: 'en',
          detection: { method: 'detected', confidence: 0.9 },
          transliteration: null,
          translations: [
            {
              to: 'es',
              text: '¿Dónde está la estación de tren?',
              transliteration: null,
              engine: 'apertium',
              state: 'ready',
            },
          ],
        },
      ],
    });
    renderBox();
    expect(screen.getByLabelText('From')).toHaveProperty('value', '');
    expect(screen.getByLabelText('To')).toHaveProperty('value', 'es');
    expect(screen.getByLabelText('Text to translate')).toHaveProperty('maxLength', TRANSLATE_GUEST_TEXT_MAX);
    await userEvent.type(screen.getByLabelText('Text to translate'), 'Where is the train station?');
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }));

    expect(await screen.findByText('¿Dónde está la estación de tren?')).toHaveProperty('lang', 'es');
    expect(screen.getByText('Detected: English')).toBeTruthy();
    expect(screen.getByText('Machine translation by Apertium')).toBeTruthy();
    expect(translateMock).toHaveBeenCalledWith('/translate', { texts: ['Where is the train station?'], to: ['es'] });
    expect(screen.getByRole('link', { name: /Open the interpreter/ }).getAttribute('href')).toBe('/interpret');
  });

  it('says honestly when no engine covers the pair', async () => {
    translateMock.mockResolvedValue({
      results: [
        {
          source: 'Hello',
          from: 'en',
          detection: { method: 'given', confidence: null },
          transliteration: null,
          translations: [
            { to: 'ko', text: null, transliteration: null, engine: null, state: 'unavailable', reason: 'No engine.' },
          ],
        },
      ],
    });
    renderBox();
    await userEvent.selectOptions(screen.getByLabelText('From'), 'en');
    await userEvent.selectOptions(screen.getByLabelText('To'), 'ko');
    await userEvent.type(screen.getByLabelText('Text to translate'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }));
    // Said once, in the reader's language, with the language named in it (not "English to 한국어").
    const said = await screen.findByText(/No translation engine for English to Korean yet\./);
    expect(said.textContent).toBe('No translation engine for English to Korean yet.');
    expect(translateMock).toHaveBeenCalledWith('/translate', { texts: ['Hello'], to: ['ko'], from: 'en' });
  });

  async function translateWith(result: TranslationResult, text: string, to: string) {
    translateMock.mockResolvedValue({ results: [result] });
    renderBox();
    await userEvent.selectOptions(screen.getByLabelText('To'), to);
    await userEvent.type(screen.getByLabelText('Text to translate'), text);
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }));
  }

  it('names the engine and the language it translated through', async () => {
    await translateWith(
      {
        source: 'I see the dog.',
        from: 'en',
        detection: { method: 'detected', confidence: 0.9 },
        transliteration: null,
        translations: [
          {
            to: 'fr',
            text: 'Je vois le chien.',
            transliteration: null,
            engine: 'apertium',
            state: 'ready',
            pivot: 'es',
          },
        ],
      },
      'I see the dog.',
      'fr',
    );
    expect(await screen.findByText('Je vois le chien.')).toBeTruthy();
    expect(screen.getByText('Machine translation by Apertium via Spanish')).toBeTruthy();
  });

  it('shows a text already in the target language as such, not as a translation', async () => {
    await translateWith(
      {
        source: 'Where is the train station?',
        from: 'en',
        detection: { method: 'detected', confidence: 0.9 },
        transliteration: null,
        translations: [
          { to: 'en', text: 'Where is the train station?', transliteration: null, engine: null, state: 'skipped' },
        ],
      },
      'Where is the train station?',
      'en',
    );
    expect(await screen.findByText('Already in English')).toBeTruthy();
    expect(document.querySelector('.try-output')).toBeNull();
    expect(screen.queryByText(/Machine translation/)).toBeNull();
  });

  it('says when there is nothing to translate', async () => {
    await translateWith(
      {
        source: '😀 https://x.org 42',
        from: 'en',
        detection: { method: 'fallback', confidence: null },
        transliteration: null,
        translations: [
          {
            to: 'es',
            text: '😀 https://x.org 42',
            transliteration: null,
            engine: null,
            state: 'skipped',
            reason: 'nothing to translate',
          },
        ],
      },
      '😀 https://x.org 42',
      'es',
    );
    expect(await screen.findByText('Nothing to translate')).toBeTruthy();
    expect(document.querySelector('.try-output')).toBeNull();
  });

  it('shows why a translation is unavailable', async () => {
    await translateWith(
      {
        source: 'Hello, my friend',
        from: 'en',
        detection: { method: 'given', confidence: null },
        transliteration: null,
        translations: [
          {
            to: 'es',
            text: null,
            transliteration: null,
            engine: 'azure',
            state: 'unavailable',
            reason: 'azure answered 503: The service is temporarily unavailable.',
          },
        ],
      },
      'Hello, my friend',
      'es',
    );
    // An engine that failed is not "no engine": said once, in the reader's language.
    expect(await screen.findByText('Azure AI Translator did not answer. Try again in a moment.')).toBeTruthy();
    expect(screen.queryByText(/azure answered 503/)).toBeNull();
    expect(screen.queryByText(/No translation engine/)).toBeNull();
  });
});
