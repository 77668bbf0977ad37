type Target = HTMLElement | null | undefined | (() => HTMLElement | null | undefined);

/**
 * After a dialog or prompt closes, focus goes back where the user was (a dialog opened from a menu has no
 * trigger of its own to return to). When that element is gone (a deleted ride, a cancelled booking), the
 * selected tab takes it, so a keyboard user is never left on the page's body.
 */
export function restoreFocus(target: Target): void {
  setTimeout(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const el = typeof target === 'function' ? target() : target;
    const next = el?.isConnected
      ? el
      : document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    next?.focus();
  }, 0);
}
