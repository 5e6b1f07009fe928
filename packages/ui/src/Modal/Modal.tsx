import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../Button';
import { IconButton } from '../IconButton';
import { Actions, Body, Dialog, Head, Title } from './Modal.styles';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom. */
  actions?: ReactNode;
  /** A secondary button first among them that closes the dialog (Cancel, OK, Close). */
  dismissLabel?: ReactNode;
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert, focus moves in and stays in,
 * Escape and the close button close it, and focus returns to where it was.
 */
export function Modal({ open, onClose, title, children, actions, dismissLabel }: ModalProps) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const before = document.activeElement as HTMLElement | null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        before?.focus?.();
      };
    }
    if (!open && dialog.open) dialog.close();
    return undefined;
  }, [open]);
  return (
    <Dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
          return;
        }
        if (event.key !== 'Tab' || !ref.current) return;
        // Keep focus inside: Tab from the last control goes to the first, Shift+Tab the other way.
        const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
          (el) => !el.hasAttribute('disabled'),
        );
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
    >
      {open ? (
        <>
          <Head>
            <Title id={titleId}>{title}</Title>
            <IconButton icon="x" label={t('actions.close')} onClick={onClose} />
          </Head>
          <Body>{children}</Body>
          {actions || dismissLabel ? (
            <Actions>
              {dismissLabel ? (
                <Button variant="secondary" onClick={onClose}>
                  {dismissLabel}
                </Button>
              ) : null}
              {actions}
            </Actions>
          ) : null}
        </>
      ) : null}
    </Dialog>
  );
}
