import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Muse } from '@tolk/shared/schemas/conversations';
import { initI18n } from '../../../lib/i18n';
import { WithQueryClient } from '../../../lib/test-render';
import { aMuse, aTranslation } from '../test-factories';
import type { PendingMuse } from '../thread-state';
import { MuseItem, PendingMuseItem } from './muse-item';
import { flagTranslation } from '../api/flag-translation';

vi.mock('../api/flag-translation', () => ({ flagTranslation: vi.fn() }));

beforeAll(async () => {
  await initI18n();
});

function renderMuse(muse: Muse, mine = false, { folded = false } = {}) {
  const onDelete = vi.fn();
  const onOpenPhoto = vi.fn();
  const onReport = vi.fn();
  render(
    <MemoryRouter>
      <ol>
        <MuseItem
          muse={muse}
          mine={mine}
          showSender
          onDelete={onDelete}
          onOpenPhoto={onOpenPhoto}
          onReport={onReport}
          folded={folded}
        />
      </ol>
    </MemoryRouter>,
    { wrapper: WithQueryClient },
  );
  return { onDelete, onOpenPhoto, onReport };
}

describe('MuseItem', () => {
  it('shows the translation in my language, with the original one tap away', async () => {
    renderMuse(
      aMuse(1, {
        text: 'Good morning, my friend',
        translation: aTranslation({ text: 'Buenos días, mi amigo' }),
      }),
    );
    expect(screen.getByText('Buenos días, mi amigo')).toHaveProperty('lang', 'es');
    expect(screen.queryByText('Good morning, my friend')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show original' }));
    expect(screen.getByText('Good morning, my friend')).toHaveProperty('lang', 'en');
    await userEvent.click(screen.getByRole('button', { name: 'Show translation' }));
    expect(screen.getByText('Buenos días, mi amigo')).toBeTruthy();
  });

  it('marks the translation as a machine one, with its engine, and flags it for the muse and language', async () => {
    vi.mocked(flagTranslation).mockResolvedValue({ id: 'a-flag', createdAt: '2025-06-01T10:00:00.000Z' });
    render(<ToastContainer />);
    const muse = aMuse(3, {
      text: 'La estación está cerca',
      from: 'es',
      translation: aTranslation({ to: 'en', text: 'The season is near', engine: 'apertium' }),
    });
    renderMuse(muse);
    expect(screen.getByText('Machine translation by Apertium')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show original' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Flag bad translation' }));
    expect(flagTranslation).toHaveBeenCalledWith(muse.id, 'en');
    expect(await screen.findByText('Thanks. This translation is flagged and will be made again.')).toBeTruthy();
    // The original, one tap away, is not marked as a translation.
    await userEvent.click(screen.getByRole('button', { name: 'Show original' }));
    expect(screen.getByText('La estación está cerca')).toBeTruthy();
    expect(screen.queryByText('Machine translation by Apertium')).toBeNull();
  });

  it('marks nothing as a machine translation when the muse is shown as written', () => {
    renderMuse(aMuse(4, { text: 'Hello', translation: aTranslation({ to: 'en', state: 'skipped', text: 'Hello' }) }));
    expect(screen.queryByText(/Machine translation/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Flag bad translation' })).toBeNull();
  });

  it('isolates a reading in its own left-to-right run, apart from its label (Arabic interface)', () => {
    renderMuse(
      aMuse(1, {
        text: 'Привет, как дела?',
        from: 'ru',
        transliteration: 'Privet, kak dela?',
        translation: aTranslation({
          to: 'ru',
          text: 'Привет, как дела?',
          state: 'skipped',
          transliteration: 'Privet, kak dela?',
        }),
      }),
    );
    const reading = screen.getByText('Privet, kak dela?');
    // Only the reading itself decides its direction: a label in Arabic beside it would flip "?".
    expect(reading.tagName).toBe('BDI');
    expect(reading.getAttribute('dir')).toBe('ltr');
    expect(reading.textContent).toBe('Privet, kak dela?');
    expect(reading.parentElement?.getAttribute('dir')).toBeNull();
  });

  it('shows the transliteration of the text on screen', () => {
    renderMuse(
      aMuse(1, {
        text: 'Hello',
        translation: aTranslation({ to: 'ja', text: 'こんにちは', transliteration: 'konnichiwa' }),
      }),
    );
    expect(screen.getByText('konnichiwa')).toBeTruthy();
  });

  it('shows the original marked "translating" while the translation is pending', () => {
    renderMuse(aMuse(1, { text: 'Good night', translation: aTranslation({ state: 'pending', text: null }) }));
    expect(screen.getByText('Good night')).toBeTruthy();
    expect(screen.getByText('Translating…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show original' })).toBeNull();
  });

  it('shows the original and why, never a made-up text, when no engine can translate', () => {
    renderMuse(
      aMuse(1, {
        text: 'Guten Morgen',
        from: 'de',
        translation: aTranslation({
          to: 'ja',
          state: 'unavailable',
          text: null,
          reason: 'no translation engine for de to ja',
        }),
      }),
    );
    expect(screen.getByText('Guten Morgen')).toBeTruthy();
    expect(screen.getByText('No translation engine for German to Japanese yet.')).toBeTruthy();
  });

  it('shows no toggle when the muse is already in my language', () => {
    renderMuse(aMuse(1, { translation: aTranslation({ to: 'en', state: 'skipped', text: 'Muse number 1' }) }));
    expect(screen.getByText('Muse number 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show/ })).toBeNull();
  });

  it('offers edit and delete on my own muses only', async () => {
    const muse = aMuse(2, { editedAt: '2025-06-01T11:00:00.000Z' });
    const { onDelete } = renderMuse(muse, true);
    expect(screen.getByText('edited')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/muse/edit/${muse.id}`);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(muse);
  });

  it('has neither edit nor delete on somebody else’s muse, and names the sender', () => {
    renderMuse(aMuse(3));
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByText('Kari')).toBeTruthy();
  });

  it('offers to report somebody else’s muse, never my own', async () => {
    const muse = aMuse(3);
    const { onReport } = renderMuse(muse);
    await userEvent.click(screen.getByRole('button', { name: 'Report muse from Kari' }));
    expect(onReport).toHaveBeenCalledWith(muse);
    cleanup();
    renderMuse(aMuse(4), true);
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
  });

  it('folds a muse from someone I blocked, and shows it for this view when asked', async () => {
    renderMuse(aMuse(6, { text: 'You will regret this' }), false, { folded: true });
    expect(screen.getByText('Muse from someone you blocked')).toBeTruthy();
    expect(screen.queryByText('You will regret this')).toBeNull();
    expect(screen.queryByText('Kari')).toBeNull();
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('You will regret this')).toBeTruthy();
    expect(screen.queryByText('Muse from someone you blocked')).toBeNull();
    expect(screen.getByRole('button', { name: 'Report muse from Kari' })).toBeTruthy();
  });

  it('shows a deleted muse as deleted, with no text and no actions', () => {
    renderMuse(aMuse(4, { deleted: true, text: '' }), true);
    expect(screen.getByText('This muse was deleted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('opens the full-size photo from its thumbnail', async () => {
    const photo = {
      id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      url: '/api/uploads/p.webp',
      thumbUrl: '/api/uploads/p-thumb.webp',
      width: 800,
      height: 600,
    };
    const { onOpenPhoto } = renderMuse(aMuse(5, { photo, text: '' }));
    const thumbnail = screen.getByRole('img', { name: 'Photo from Kari' });
    expect(thumbnail.getAttribute('src')).toBe(photo.thumbUrl);
    await userEvent.click(screen.getByRole('button', { name: 'Photo from Kari' }));
    expect(onOpenPhoto).toHaveBeenCalledWith(photo, 'Photo from Kari');
  });
});

describe('PendingMuseItem', () => {
  const pending: PendingMuse = {
    clientId: 'c0ffee00-1111-4222-8333-444455556666',
    text: 'On its way',
    from: undefined,
    photo: null,
    voice: null,
    createdAt: '2025-06-01T10:00:00.000Z',
    status: 'sending',
  };

  it('says "sending" while under way', () => {
    render(
      <ol>
        <PendingMuseItem pending={pending} onRetry={vi.fn()} />
      </ol>,
    );
    expect(screen.getByText('Sending…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says "not sent" on failure and retries that very muse', async () => {
    const onRetry = vi.fn();
    render(
      <ol>
        <PendingMuseItem pending={{ ...pending, status: 'failed', failure: 'rejected' }} onRetry={onRetry} />
      </ol>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Not sent.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith(pending.clientId);
  });

  it('says why the server refused it', () => {
    render(
      <ol>
        <PendingMuseItem
          pending={{
            ...pending,
            status: 'failed',
            failure: 'rejected',
            error: 'Too many attempts. Try again in 1 minute.',
          }}
          onRetry={vi.fn()}
        />
      </ol>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Too many attempts. Try again in 1 minute.');
  });

  it('says a muse waiting for the network is queued and goes by itself, as the offline banner does, not "not sent"', async () => {
    const onRetry = vi.fn();
    render(
      <ol>
        <PendingMuseItem pending={{ ...pending, status: 'failed', failure: 'network', error: '' }} onRetry={onRetry} />
      </ol>,
    );
    expect(screen.getByText(/sent when you're back online/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Not sent/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(onRetry).toHaveBeenCalledWith(pending.clientId);
  });
});

describe('a voice muse', () => {
  const voice = { id: '7b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d', url: '/api/voice/7b1c2d3e', durationMs: 7_400 };

  it('plays the sender’s recording, showing its length, above the translation', () => {
    renderMuse(
      aMuse(1, {
        text: 'Good morning',
        from: 'en',
        voice,
        translation: aTranslation({ to: 'es', text: 'Buenos días' }),
      }),
    );
    expect(screen.getByRole('button', { name: 'Play voice muse, 0:07' })).toBeTruthy();
    const audio = document.querySelector('audio.voice-audio');
    expect(audio?.getAttribute('src')).toBe(voice.url);
    expect(document.querySelector('.voice-player time')?.textContent).toBe('0:07');
    expect(screen.getByText('Buenos días')).toBeTruthy();
    expect(screen.queryByText('No transcript')).toBeNull();
  });

  it('says it has no transcript when the engine gave none, and still plays', () => {
    renderMuse(aMuse(1, { text: '', voice, translation: null }));
    expect(screen.getByText('No transcript')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play voice muse, 0:07' })).toBeTruthy();
    // Nothing to read aloud without words.
    expect(screen.queryByRole('button', { name: 'Read aloud' })).toBeNull();
  });
});
