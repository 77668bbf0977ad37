import { contract, type User } from '@saathchalo/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { updateSession } from '@/lib/session';

export interface ProfileUpdate {
  firstName: string;
  lastName: string | null;
  phone: string;
  location: string | null;
  bio: string | null;
  /** CONTRACT section 9: sent by the safety section only; left out, the server keeps them as they are. */
  gender?: User['gender'];
  contactVisibility?: User['contactVisibility'];
}

/** The profile fields the stored session keeps; the server's copy may carry more, which stays out. */
const SESSION_FIELDS = [
  'id',
  'firstName',
  'lastName',
  'name',
  'email',
  'phone',
  'location',
  'bio',
  'profilePictureUrl',
  'emailVerified',
  'rating',
  'ratingCount',
  'createdAt',
  // Section 9: the offer form shows the women-only switch to women drivers.
  'gender',
  'phoneVerified',
  'contactVisibility',
] as const satisfies readonly (keyof User)[];

/** Keeps the stored user in step with the server's copy (tokens untouched). */
function remember(user: User): void {
  updateSession(
    Object.fromEntries(SESSION_FIELDS.map((field) => [field, user[field]])) as Pick<
      User,
      (typeof SESSION_FIELDS)[number]
    >,
  );
}

export const profileQuery = () =>
  queryOptions({
    queryKey: queryKeys.profile,
    queryFn: async ({ signal }) => {
      const user = await api.call(contract.getProfile, { signal });
      if (user) remember(user);
      return user;
    },
    retry: false,
  });

export const useProfile = () => useQuery(profileQuery());

/** PUT /users/profile: the e-mail is shown on the screen but never sent (specification section 3). */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => api.send(contract.updateProfile, { body }),
    onSuccess: (res) => {
      if (res.data) {
        remember(res.data);
        client.setQueryData(queryKeys.profile, res.data);
      }
    },
  });
}

/** POST /users/profile/picture as multipart, the image in the field "file". */
export function useUploadPicture() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.send(contract.uploadPicture, { body: form });
    },
    onSuccess: (res) => {
      if (res.data) {
        remember(res.data);
        client.setQueryData(queryKeys.profile, res.data);
      }
    },
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: () => api.call(contract.deleteAccount) });
}
