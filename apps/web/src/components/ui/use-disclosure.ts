import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A button that shows and hides a panel of links (the WAI-ARIA disclosure pattern), such as the header's
 * menu on a phone. Opened, the keyboard's focus moves to the panel's first link, so a keyboard or
 * screen-reader user lands in what they opened rather than behind it; Escape closes it and takes focus
 * back to the button; so does a close while focus is inside, as the panel with the focused element is
 * about to go. It closes when the page's `path` moves on: a menu left open over a new screen hides that
 * screen's top. Kept free of Radix: the header is part of every first view.
 */
export function useDisclosure(path: string) {
  const [open, setOpen] = useState(false);
  const [shownPath, setShownPath] = useState(path);
  // The address when it was opened. The router renders a new page's path in a transition, after the
  // address bar has it: a menu opened in between must stay open when that render arrives.
  const [openedAt, setOpenedAt] = useState(path);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => {
    if (panelRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    setOpen(false);
  }, []);

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
  }, [open]);

  // Set while rendering, not in an effect, so the new screen never draws with the menu over it.
  if (shownPath !== path) {
    setShownPath(path);
    if (path !== openedAt) setOpen(false);
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    close();
    buttonRef.current?.focus();
  };

  return {
    open,
    close,
    button: {
      ref: buttonRef,
      'aria-expanded': open,
      onClick: () => {
        if (open) return close();
        setOpenedAt(window.location.pathname);
        setOpen(true);
      },
      onKeyDown,
    },
    panel: { ref: panelRef, onKeyDown },
  };
}
