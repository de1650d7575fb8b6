import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../lib/http-error';
import { chooseUiLanguage, initI18n } from '../lib/i18n';
import { MachineTranslationNote } from './machine-translation';

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  await chooseUiLanguage('en');
});
afterEach(async () => {
  await chooseUiLanguage('en');
});

describe('the machine translation mark', () => {
  it('says a machine made it, with the engine and the language it went through, in the reader’s language', async () => {
    const { rerender } = render(<MachineTranslationNote engine="apertium" />);
    expect(screen.getByText('Machine translation by Apertium')).toBeTruthy();
    rerender(<MachineTranslationNote engine="apertium" pivot="es" />);
    expect(screen.getByText('Machine translation by Apertium via Spanish')).toBeTruthy();
    await chooseUiLanguage('es');
    rerender(<MachineTranslationNote engine="apertium" />);
    expect(screen.getByText('Traducción automática de Apertium')).toBeTruthy();
    rerender(<MachineTranslationNote />);
    expect(screen.getByText('Traducción automática')).toBeTruthy();
  });

  it('has no Flag action where flagging is not offered', () => {
    render(<MachineTranslationNote engine="apertium" />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('flags once, confirms with a toast, and then says it is flagged', async () => {
    const onFlag = vi.fn().mockResolvedValue({ id: 'f', createdAt: '' });
    render(<ToastContainer />);
    render(<MachineTranslationNote engine="apertium" onFlag={onFlag} />);
    await userEvent.click(screen.getByRole('button', { name: 'Flag bad translation' }));
    expect(await screen.findByText('Thanks. This translation is flagged and will be made again.')).toBeTruthy();
    const done = screen.getByRole('button', { name: 'Flagged' });
    expect(done).toHaveProperty('disabled', true);
    await userEvent.click(done);
    expect(onFlag).toHaveBeenCalledTimes(1);
  });

  it('says why a flag failed and lets the reader try again', async () => {
    const onFlag = vi
      .fn()
      .mockRejectedValueOnce(new HttpError(0, 'network', 'Network Error'))
      .mockResolvedValueOnce({ id: 'f', createdAt: '' });
    render(<ToastContainer />);
    render(<MachineTranslationNote engine="apertium" onFlag={onFlag} />);
    await userEvent.click(screen.getByRole('button', { name: 'Flag bad translation' }));
    expect(await screen.findByText('Network Error')).toBeTruthy();
    const again = screen.getByRole('button', { name: 'Flag bad translation' });
    expect(again).toHaveProperty('disabled', false);
    await userEvent.click(again);
    expect(await screen.findByRole('button', { name: 'Flagged' })).toBeTruthy();
    expect(onFlag).toHaveBeenCalledTimes(2);
  });
});
