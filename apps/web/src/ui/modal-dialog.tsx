import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** What has focus once the dialog is open (the safe choice); else the browser's first control. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A native modal <dialog>, the one every feature uses: the browser makes the rest of the page
 * inert, keeps focus inside and closes on Escape; a tap on the backdrop closes it too. Focus goes
 * back to whatever opened it, which older browsers do not do alone.
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  role = 'dialog',
  className,
  initialFocus,
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return undefined;
    // Read before anything inside takes focus: this is where focus returns on closing.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom and old browsers lack showModal; an open non-modal dialog still reads correctly.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', '');
    initialFocus?.current?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      opener?.focus();
    };
  }, [open, initialFocus]);

  return (
    <dialog
      ref={ref}
      className={['modal-dialog', className].filter(Boolean).join(' ')}
      role={role}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The padding sits on the body inside, so a tap on the dialog element itself is a tap
        // on the backdrop around it: that closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && <div className="modal-dialog-body">{children}</div>}
    </dialog>
  );
}
