import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { User } from '@saathchalo/shared';
import { ApiError, NetworkError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useUpdateProfile, useUploadPicture, type ProfileUpdate } from '../api/profile-api';
import { formFieldOf, profileResolver, type ProfileFormValues } from '../profile-form';
import { PROFILE_TEXT } from '../profile-text';

const toForm = (
  u: Pick<User, 'name' | 'firstName' | 'lastName' | 'email' | 'phone' | 'location' | 'bio'>,
): ProfileFormValues => ({
  fullName: u.name || [u.firstName, u.lastName].filter(Boolean).join(' '),
  email: u.email ?? '',
  phone: u.phone ?? '',
  location: u.location ?? '',
  bio: u.bio ?? '',
});

/** A field-specific refusal names its field or fields; anything else has none. */
function fieldErrorsOf(err: ApiError): Array<[string, string]> {
  const named = (err.body as { field?: unknown } | null)?.field;
  return typeof named === 'string'
    ? [[named, err.message]]
    : Object.entries(err.fields).filter((e): e is [string, string] => typeof e[1] === 'string');
}

/** Editing the profile and its picture: the form, whether it is open, and the banner for failures. */
export function useProfileEditor(user: User) {
  const [editing, setEditing] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const update = useUpdateProfile();
  const upload = useUploadPicture();
  const form = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    resolver: profileResolver,
    defaultValues: toForm(user),
  });

  const toggle = (open: boolean) => {
    form.reset(toForm(user));
    setBanner(null);
    setEditing(open);
  };

  const onSubmit = form.handleSubmit(async (body) => {
    setBanner(null);
    try {
      const res = await update.mutateAsync(body);
      form.reset(
        toForm(res.data ?? { ...user, ...body, name: `${body.firstName} ${body.lastName ?? ''}`.trim() }),
      );
      notify.success(PROFILE_TEXT.updated);
      setEditing(false);
    } catch (err) {
      if (err instanceof NetworkError || !(err instanceof ApiError)) {
        setBanner(PROFILE_TEXT.updateFailedRetry);
        return;
      }
      // A field-specific error goes under its field (phone inline); anything else in the banner.
      let inline = false;
      for (const [name, message] of fieldErrorsOf(err)) {
        const field = formFieldOf(name);
        if (field) {
          form.setError(field, { type: 'server', message }, { shouldFocus: !inline });
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

  return {
    form,
    editing,
    banner,
    saving: update.isPending,
    uploading: upload.isPending,
    startEditing: () => toggle(true),
    cancel: () => toggle(false),
    onSubmit,
    onPicture,
  };
}

export type ProfileEditor = ReturnType<typeof useProfileEditor>;
