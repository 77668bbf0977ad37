import type { User } from '@saathchalo/shared';
import { ArrowLeft, Camera, Mail, MapPin, Pencil, Phone } from 'lucide-react';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { InputField, TextAreaField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError, NETWORK_ERROR, NetworkError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useProfile, useUpdateProfile, useUploadPicture } from '../api/profile-api';
import { formFieldOf, profileResolver, type ProfileFormValues } from '../profile-form';
import { DangerZone } from './danger-zone';

export const PROFILE_TEXT = {
  updated: 'Profile updated successfully!',
  updateFailed: 'Failed to update profile',
  updateFailedRetry: 'Failed to update profile. Please try again.',
  pictureUpdated: 'Profile picture updated successfully',
  pictureFailed: 'Failed to upload profile picture',
  bioPlaceholder: 'Tell others a bit about yourself...',
} as const;

const toForm = (u: Pick<User, 'name' | 'firstName' | 'lastName' | 'email' | 'phone' | 'location' | 'bio'>): ProfileFormValues => ({
  fullName: u.name || [u.firstName, u.lastName].filter(Boolean).join(' '),
  email: u.email ?? '',
  phone: u.phone ?? '',
  location: u.location ?? '',
  bio: u.bio ?? '',
});

export function ProfileScreen() {
  const session = useSession();
  if (!session) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">My Profile</h1>
        <p className="mt-2 text-slate-700">Please login to view your profile</p>
        <ButtonLink to={paths.signIn} className="mt-6">
          Go to Login
        </ButtonLink>
      </div>
    );
  }
  return <Profile fallback={session} />;
}

function Profile({ fallback }: { fallback: User }) {
  const profile = useProfile();
  // A load failure falls back to the stored user (specification section 8).
  const user: User = profile.data ?? fallback;
  const [editing, setEditing] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const update = useUpdateProfile();
  const upload = useUploadPicture();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ProfileFormValues, unknown, Parameters<typeof update.mutateAsync>[0]>({
    resolver: profileResolver,
    defaultValues: toForm(user),
  });

  const startEditing = () => {
    reset(toForm(user));
    setBanner(null);
    setEditing(true);
  };

  const cancel = () => {
    reset(toForm(user));
    setBanner(null);
    setEditing(false);
  };

  const onSubmit = handleSubmit(async (body) => {
    setBanner(null);
    try {
      const res = await update.mutateAsync(body);
      reset(toForm(res.data ?? { ...user, ...body, name: `${body.firstName} ${body.lastName ?? ''}`.trim() }));
      notify.success(PROFILE_TEXT.updated);
      setEditing(false);
    } catch (err) {
      if (err instanceof NetworkError || !(err instanceof ApiError)) {
        setBanner(PROFILE_TEXT.updateFailedRetry);
        return;
      }
      // A field-specific error goes under its field (phone inline); anything else in the banner.
      const named = (err.body as { field?: unknown } | null)?.field;
      const fieldErrors: Array<[string, string]> =
        typeof named === 'string' ? [[named, err.message]] : Object.entries(err.fields).filter((e): e is [string, string] => typeof e[1] === 'string');
      let inline = false;
      for (const [name, message] of fieldErrors) {
        const field = formFieldOf(name);
        if (field) {
          setError(field, { type: 'server', message }, { shouldFocus: !inline });
          inline = true;
        }
      }
      if (!inline) setBanner(err.message || PROFILE_TEXT.updateFailed);
    }
  });

  const onPicture = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBanner(null);
    try {
      const res = await upload.mutateAsync(file);
      notify.success(res.message || PROFILE_TEXT.pictureUpdated);
    } catch (err) {
      setBanner(err instanceof ApiError ? err.message : PROFILE_TEXT.pictureFailed);
    } finally {
      input.value = '';
    }
  };

  const initials = (user.name || user.firstName || '?')
    .split(' ')
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <ButtonLink to={paths.dashboard} variant="ghost" size="sm" className="-ml-3">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Dashboard
      </ButtonLink>
      <h1 className="mt-2 text-3xl font-bold">My Profile</h1>

      <section aria-label="Profile" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
          {user.profilePictureUrl ? (
            <img src={user.profilePictureUrl} alt="" className="h-24 w-24 rounded-full object-cover" />
          ) : (
            <span aria-hidden="true" className="flex h-24 w-24 items-center justify-center rounded-full bg-blue-100 text-3xl font-bold text-blue-800">
              {initials}
            </span>
          )}
          <div className="min-w-0 flex-1">
            <h2 className="break-words text-2xl font-semibold">{user.name || `${user.firstName} ${user.lastName}`.trim()}</h2>
            <p className="break-all text-slate-700">{user.email}</p>
            {editing ? (
              <label className="mt-3 inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 focus-within:outline-2 focus-within:outline-blue-600 hover:bg-slate-50">
                <Camera aria-hidden="true" className="h-4 w-4" />
                {upload.isPending ? 'Uploading...' : 'Change Photo'}
                <input type="file" accept="image/*" className="sr-only" onChange={onPicture} disabled={upload.isPending} />
              </label>
            ) : null}
          </div>
          {!editing ? (
            <Button variant="outline" onClick={startEditing}>
              <Pencil aria-hidden="true" className="h-4 w-4" /> Edit Profile
            </Button>
          ) : null}
        </div>

        {profile.error instanceof NetworkError ? (
          <Alert tone="info" className="mt-6">
            <p>{NETWORK_ERROR}</p>
            <button type="button" className="mt-1 font-medium underline" onClick={() => void profile.refetch()}>
              Try again
            </button>
          </Alert>
        ) : null}
        {banner ? <Alert className="mt-6">{banner}</Alert> : null}

        {editing ? (
          <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
            <InputField label="Full Name" autoComplete="name" error={errors.fullName?.message} {...register('fullName')} />
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
            <InputField label="Location" autoComplete="address-level2" error={errors.location?.message} {...register('location')} />
            <TextAreaField label="About Me" rows={4} placeholder={PROFILE_TEXT.bioPlaceholder} error={errors.bio?.message} {...register('bio')} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={cancel} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save'}
              </Button>
            </div>
          </form>
        ) : (
          <dl className="mt-6 grid gap-4 sm:grid-cols-2">
            <Item label="Full Name">{user.name || `${user.firstName} ${user.lastName}`.trim()}</Item>
            <Item label="Email Address">
              <span className="inline-flex items-center gap-2 break-all">
                <Mail aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" /> {user.email}
              </span>
            </Item>
            <Item label="Phone Number">
              {user.phone ? (
                <a href={`tel:${user.phone}`} className="inline-flex items-center gap-2 font-medium text-blue-700 hover:underline">
                  <Phone aria-hidden="true" className="h-4 w-4" /> {user.phone}
                </a>
              ) : (
                'Not provided'
              )}
            </Item>
            <Item label="Location">
              <span className="inline-flex items-center gap-2">
                <MapPin aria-hidden="true" className="h-4 w-4 text-slate-500" /> {user.location || 'Not provided'}
              </span>
            </Item>
            <Item label="About Me" className="sm:col-span-2">
              {user.bio || 'Not provided'}
            </Item>
          </dl>
        )}
      </section>

      <DangerZone />
    </div>
  );
}

function Item({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}
