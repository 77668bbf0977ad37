import { Button } from '@/components/ui/button';
import { InputField, TextAreaField } from '@/components/ui/field';
import type { ProfileEditor } from '../hooks/use-profile-editor';
import { PROFILE_TEXT } from '../profile-text';

/** Full name, phone, location and about; the e-mail is shown but cannot be changed here. */
export function ProfileEditForm({ editor }: { editor: ProfileEditor }) {
  const {
    register,
    formState: { errors },
  } = editor.form;
  return (
    <form noValidate onSubmit={editor.onSubmit} className="mt-6 space-y-4">
      <InputField
        label="Full Name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <InputField
        label="Email Address"
        type="email"
        readOnly
        hint="Your e-mail address cannot be changed here."
        className="bg-slate-50"
        {...register('email')}
      />
      <InputField
        label="Phone Number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        error={errors.phone?.message}
        {...register('phone')}
      />
      <InputField
        label="Location"
        autoComplete="address-level2"
        error={errors.location?.message}
        {...register('location')}
      />
      <TextAreaField
        label="About Me"
        rows={4}
        placeholder={PROFILE_TEXT.bioPlaceholder}
        error={errors.bio?.message}
        {...register('bio')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={editor.cancel} disabled={editor.saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={editor.saving}>
          {editor.saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
