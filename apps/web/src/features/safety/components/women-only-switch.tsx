import type { UseFormRegisterReturn } from 'react-hook-form';
import { SAFETY_TEXT } from '../safety-text';

/** "Women only" on a ride's or a commute's offer and edit, for a driver whose gender is FEMALE (section 9). */
export function WomenOnlySwitch(props: UseFormRegisterReturn<'womenOnly'>) {
  return (
    <label className="flex items-start gap-3 text-sm text-slate-800 sm:col-span-2">
      <input type="checkbox" role="switch" className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300" {...props} />
      <span>
        <span className="font-medium">{SAFETY_TEXT.womenOnly}</span>
        <span className="block text-slate-600">{SAFETY_TEXT.womenOnlyHint}</span>
      </span>
    </label>
  );
}
