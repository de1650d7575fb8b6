import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { toast } from 'react-toastify';
import { beforeAll, expect, it } from 'vitest';
import de from '../locales/de.json';
import Toasts from './toasts';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'de', resources: { de: { translation: de } } });
});

it('labels the notification area and each close button in the reader’s language', async () => {
  render(<Toasts />);
  expect(screen.getByRole('region', { name: 'Benachrichtigungen (Alt+T)' })).toBeTruthy();
  act(() => {
    toast.info('Hallo');
  });
  expect(await screen.findByRole('button', { name: 'Schließen' })).toBeTruthy();
});
