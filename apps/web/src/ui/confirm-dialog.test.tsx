import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { ConfirmDeleteDialog, ConfirmDialog } from './confirm-dialog';

beforeAll(async () => {
  await initI18n();
});

function Harness({ onConfirm, busy }: { onConfirm: () => void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Delete muse
      </button>
      <ConfirmDialog
        open={open}
        title="Are you sure?"
        message="Are you sure you want to delete the item?"
        confirmLabel="Delete"
        busy={busy}
        onCancel={() => {
          setOpen(false);
        }}
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Delete muse' }));
  return screen.getByRole('alertdialog', { name: 'Are you sure?' });
}

describe('ConfirmDialog', () => {
  it('asks with the spec texts as an accessible modal alert dialog, the safe choice focused', async () => {
    render(<Harness onConfirm={vi.fn()} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const dialog = await openDialog();
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.classList.contains('modal-dialog')).toBe(true);
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Are you sure?');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Are you sure you want to delete the item?',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('does nothing on cancel, confirms on the confirm button, and gives focus back to the opener', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete muse' }));

    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete muse' }));
  });

  it('cancels on Escape (the dialog’s cancel event), leaving the closing to React', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const dialog = await openDialog();
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete muse' }));
  });

  it('closes on a tap on the backdrop, not on a tap inside', async () => {
    render(<Harness onConfirm={vi.fn()} />);
    const dialog = await openDialog();
    await userEvent.click(screen.getByText('Are you sure you want to delete the item?'));
    expect(screen.getByRole('alertdialog')).toBe(dialog);
    // The backdrop belongs to the <dialog> element itself; its content sits in the body inside.
    await userEvent.click(dialog);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps the confirm button disabled while the action is under way', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} busy />);
    await openDialog();
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('ConfirmDeleteDialog', () => {
  it('keeps the spec’s question and names what it deletes on the line under it', () => {
    render(
      <ConfirmDeleteDialog
        open
        subject="The muse “See you at 8” is deleted for everyone in the chat."
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    const described = (dialog.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([
      'Are you sure you want to delete the item?',
      'The muse “See you at 8” is deleted for everyone in the chat.',
    ]);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});
