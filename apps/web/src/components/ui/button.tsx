import {
  forwardRef,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type ButtonHTMLAttributes,
  type ForwardedRef,
} from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'outline';
type Size = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60';
const variants: Record<Variant, string> = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
};
const sizes: Record<Size, string> = { sm: 'h-9 px-3 text-sm', md: 'h-11 px-4 text-sm', lg: 'h-12 px-6 text-base' };

export const buttonClass = (variant: Variant = 'primary', size: Size = 'md', extra?: string) =>
  cn(base, variants[variant], sizes[size], extra);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

/**
 * A button that disables itself while its action runs (Sign In, Save, Offer Ride) loses the keyboard's
 * focus: the browser moves it to the page's body, and after a refusal a keyboard or screen-reader user
 * starts again from the top of the page. The button notes that it had the focus when it was disabled and
 * takes it back when enabled again, unless the user has moved on meanwhile.
 */
function useKeepFocusWhileDisabled(disabled: boolean | undefined, ref: ForwardedRef<HTMLButtonElement>) {
  const ownRef = useRef<HTMLButtonElement | null>(null);
  const hadFocusRef = useRef(false);
  useLayoutEffect(() => {
    const el = ownRef.current;
    if (!el) return;
    // Right after the DOM took `disabled` the browser has not moved the focus yet (it does at its next frame).
    if (disabled) hadFocusRef.current ||= document.activeElement === el;
    else if (hadFocusRef.current) {
      hadFocusRef.current = false;
      const now = document.activeElement;
      if (!now || now === document.body) el.focus();
    }
  }, [disabled]);
  useImperativeHandle(ref, () => ownRef.current as HTMLButtonElement, []);
  return ownRef;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, type = 'button', ...props },
  ref,
) {
  const ownRef = useKeepFocusWhileDisabled(props.disabled, ref);
  return <button ref={ownRef} type={type} className={buttonClass(variant, size, className)} {...props} />;
});

export function ButtonLink({ variant, size, className, ...props }: LinkProps & { variant?: Variant; size?: Size }) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}
