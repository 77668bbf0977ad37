import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * Escape in a field whose list of suggestions is open closes that list (the WAI-ARIA combobox pattern),
 * not the dialog: Radix hears the key first (on the document, capturing), so it is told to leave it.
 */
const escapeForOpenList = (event: KeyboardEvent) => {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('[role="combobox"][aria-expanded="true"]')) event.preventDefault();
};

/**
 * Where the keyboard was when the dialog opened, and back there when it closes. Radix returns focus only to
 * a Dialog.Trigger, which no dialog here has (each opens from a button of its screen, some after their code
 * has loaded), so closing one left focus on the page's body: a keyboard or screen-reader user on Find Ride
 * who closed Book Ride started again from the top of the page.
 */
function useFocusReturn() {
  const from = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Called before the dialog moves focus inside: what has it now is what opened the dialog.
      from.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const el = from.current;
      from.current = null;
      if (!el?.isConnected || el === document.body) return;
      event.preventDefault();
      el.focus();
    },
  };
}

/** An accessible modal (focus trap, Escape, labelled by its title), full width on a phone. */
export function Dialog({ open, onOpenChange, title, description, children, className }: DialogProps) {
  const focusReturn = useFocusReturn();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 max-h-[90vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
            className,
          )}
          onEscapeKeyDown={escapeForOpenList}
          {...focusReturn}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-3 flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
            <RadixDialog.Close className="rounded-md p-1 text-slate-600 hover:bg-slate-100" aria-label="Close">
              <X aria-hidden="true" className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="mb-4 text-sm text-slate-700">{description}</RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
