import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { notify } from '@/lib/notify';
import { refusalOr } from '@/lib/refusal';
import type { ContactVisibility, Gender } from '../model';

export interface PrivacyValues {
  gender: Gender | null;
  contactVisibility: ContactVisibility;
}

export const PRIVACY_TEXT = {
  title: 'Safety and privacy',
  genderLabel: 'Gender (optional)',
  genderWhy:
    'Private: shown to nobody. It is used only for women-only rides, which only women can offer and book.',
  contactLegend: 'Who can see my phone number',
  everyone: 'Everyone who sees my rides',
  everyoneHint: 'People can message you before booking.',
  confirmed: 'Only people with a confirmed booking with me',
  confirmedHint: 'Others see that your number is shared once the booking is confirmed.',
  save: 'Save privacy settings',
  saved: 'Privacy settings saved',
  failed: 'Failed to save privacy settings. Please try again.',
} as const;

const genderOptions = [
  { value: '', label: 'Prefer not to say' },
  { value: 'FEMALE', label: 'Female' },
  { value: 'MALE', label: 'Male' },
  { value: 'OTHER', label: 'Other' },
];

function ContactChoice({
  value,
  onChange,
}: {
  value: ContactVisibility;
  onChange(v: ContactVisibility): void;
}) {
  const choice = (v: ContactVisibility, label: string, hint: string) => (
    <label className="flex items-start gap-3 text-sm text-slate-800">
      <input
        type="radio"
        name="contactVisibility"
        value={v}
        checked={value === v}
        onChange={() => onChange(v)}
        className="mt-0.5 h-5 w-5 shrink-0"
      />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-slate-600">{hint}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">{PRIVACY_TEXT.contactLegend}</legend>
      {choice('EVERYONE', PRIVACY_TEXT.everyone, PRIVACY_TEXT.everyoneHint)}
      {choice('CONFIRMED', PRIVACY_TEXT.confirmed, PRIVACY_TEXT.confirmedHint)}
    </fieldset>
  );
}

/** Gender (private, explained) and who sees the phone; the profile screen saves them with the profile. */
export function PrivacySettings({
  initial,
  save,
}: {
  initial: PrivacyValues;
  save(v: PrivacyValues): Promise<unknown>;
}) {
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await save(values);
      notify.success(PRIVACY_TEXT.saved);
    } catch (err) {
      setError(refusalOr(err, PRIVACY_TEXT.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId} className="space-y-4">
      <h3 id={titleId} className="font-semibold text-slate-900">
        {PRIVACY_TEXT.title}
      </h3>
      {error ? <Alert>{error}</Alert> : null}
      <SelectField
        label={PRIVACY_TEXT.genderLabel}
        hint={PRIVACY_TEXT.genderWhy}
        options={genderOptions}
        value={values.gender ?? ''}
        onChange={(e) => setValues((v) => ({ ...v, gender: (e.target.value || null) as Gender | null }))}
      />
      <ContactChoice
        value={values.contactVisibility}
        onChange={(c) => setValues((v) => ({ ...v, contactVisibility: c }))}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : PRIVACY_TEXT.save}
      </Button>
    </form>
  );
}
