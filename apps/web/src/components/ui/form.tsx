import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-browser-value';

/**
 * A form of a screen rendered at build time (app/prerender.tsx). Its controls stay disabled until the app
 * has hydrated it: before that, a press of Enter would submit the form natively, with the password in the
 * address, and whatever was typed would be overwritten when the form's state takes over the fields.
 * Validation is the app's (`noValidate`); `className` lays out the fields.
 */
export function Form({ className, children, ...props }: ComponentProps<'form'>) {
  const hydrated = useHydrated();
  return (
    <form noValidate {...props}>
      <fieldset disabled={!hydrated} className={cn('min-w-0', className)}>
        {children}
      </fieldset>
    </form>
  );
}
