import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState } from 'react';
import { InputField, type InputFieldProps } from '@/components/ui/field';

/** A password field with a show/hide toggle that keeps its accessible name in step with its state. */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputFieldProps, 'type' | 'trailing'>>(function PasswordInput(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <InputField
      ref={ref}
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOff aria-hidden="true" className="h-5 w-5" /> : <Eye aria-hidden="true" className="h-5 w-5" />}
        </button>
      }
    />
  );
});
