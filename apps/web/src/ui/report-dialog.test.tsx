import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_NOTE_MAX } from '@tolk/shared/schemas/connect';
import { HttpError } from '../lib/http-error';
import { chooseUiLanguage, initI18n } from '../lib/i18n';
import { ReportDialog } from './report-dialog';

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  await chooseUiLanguage('en');
});

function renderDialog(onSubmit = vi.fn().mockResolvedValue(undefined)) {
  const onClose = vi.fn();
  render(<ReportDialog open title="Report Lucía" onSubmit={onSubmit} onClose={onClose} />);
  return { onSubmit, onClose, dialog: screen.getByRole('dialog', { name: 'Report Lucía' }) };
}

describe('the report dialog', () => {
  it('offers the five reasons, each said in the reader’s language', () => {
    const { dialog } = renderDialog();
    const reasons = within(within(dialog).getByRole('group', { name: 'Why are you reporting this?' })).getAllByRole(
      'radio',
    );
    expect(reasons.map((radio) => radio.getAttribute('value'))).toEqual([
      'spam',
      'harassment',
      'inappropriate',
      'fake',
      'other',
    ]);
    expect(within(dialog).getByRole('radio', { name: /Harassment or bullying/ })).toBeTruthy();
    expect(within(dialog).getByLabelText('What happened? (optional)').getAttribute('maxlength')).toBe(
      String(REPORT_NOTE_MAX),
    );
  });

  it('asks for a reason before sending anything', async () => {
    const user = userEvent.setup();
    const { dialog, onSubmit } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeTruthy();
    expect(
      within(dialog).getByRole('group', { name: 'Why are you reporting this?' }).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the reason and the note, trimmed', async () => {
    const user = userEvent.setup();
    const { dialog, onSubmit } = renderDialog();
    await user.click(within(dialog).getByRole('radio', { name: /Fake profile or scam/ }));
    await user.type(within(dialog).getByLabelText('What happened? (optional)'), '  Asked me for money.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalledWith('fake', 'Asked me for money.');
    });
  });

  it('says why a report was refused, the daily limit as everywhere else', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog(
      vi.fn().mockRejectedValue(new HttpError(429, 'rate_limited', 'Too many', {}, 3600)),
    );
    await user.click(within(dialog).getByRole('radio', { name: /Spam/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Too many attempts. Try again in 60 minutes.');
  });

  it('closes on Cancel', async () => {
    const user = userEvent.setup();
    const { dialog, onClose, onSubmit } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
