import { useEffect, useRef, type ReactNode } from 'react';

interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  children: ReactNode;
}

/**
 * A native modal <dialog>: the browser makes the rest of the page inert, keeps focus inside and
 * closes on Escape. Focus goes back to whatever opened it, which older browsers do not do alone.
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  role = 'dialog',
  className,
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom and old browsers lack showModal; an open non-modal dialog still reads correctly.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      opener?.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={['plaza-dialog', className].filter(Boolean).join(' ')}
      role={role}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A tap on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && <div className="plaza-dialog-body">{children}</div>}
    </dialog>
  );
}
