import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Modal, type ModalProps } from '@mantine/core';

// What a dialog's first field is: something to type in or choose, not the close button.
const FIELD =
  'input:not([type="hidden"]):not(:disabled):not([tabindex="-1"]), select:not(:disabled), textarea:not(:disabled)';

// Mantine's Modal with the focus where the keyboard expects it. Opening: on the dialog's first
// field (Mantine's focus trap takes the first thing it can tab to, the close button), also when the
// fields come after a load; a dialog that marks its own `data-autofocus` keeps it. Closing: back
// on the control that opened it, also when the dialog is unmounted rather than closed (Mantine
// gives the focus back only when `opened` turns false, and most dialogs here are unmounted).
export function AppModal({ opened, ...props }: ModalProps) {
  // State, not a ref: Mantine's portal puts the dialog in the page a render after this one.
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  // The same for the closing below, which sees the root of the latest render.
  const rootRef = useRef<HTMLDivElement | null>(null);
  const attach = useCallback((node: HTMLDivElement | null) => {
    rootRef.current = node;
    setRoot(node);
  }, []);

  useLayoutEffect(() => {
    if (!opened) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    // After the commit: React puts the focus back where it was before a commit that moved it.
    return () =>
      queueMicrotask(() => {
        const now = document.activeElement;
        const focusInDialog = !now || now === document.body || rootRef.current?.contains(now);
        if (opener?.isConnected && focusInDialog) opener.focus({ preventScroll: true });
      });
  }, [opened]);

  // Layout effects and mutation observers both run before the trap's own focus (a timeout).
  useLayoutEffect(() => {
    if (!opened || !root) return;
    const place = () => {
      const dialog = root.querySelector<HTMLElement>('[role="dialog"]');
      const field = dialog?.querySelector<HTMLElement>(FIELD);
      if (!dialog || !field) return false;
      if (!dialog.querySelector('[data-autofocus]')) field.setAttribute('data-autofocus', '');
      // The trap ran already (the fields came later): move on from the close button or the frame,
      // never from where the user went.
      const active = document.activeElement;
      if (active === dialog || (active instanceof HTMLElement && active.matches('.mantine-Modal-close')))
        dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus({ preventScroll: true });
      return true;
    };
    if (place()) return;
    const observer = new MutationObserver(() => {
      if (place()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [opened, root]);

  return <Modal ref={attach} opened={opened} {...props} />;
}
