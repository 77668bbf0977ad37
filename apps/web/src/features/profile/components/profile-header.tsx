import { Camera, Pencil } from 'lucide-react';
import type { User } from '@saathchalo/shared';
import { Button } from '@/components/ui/button';
import type { ProfileEditor } from '../hooks/use-profile-editor';
import { displayName } from './profile-details';

const initialsOf = (user: User) =>
  (user.name || user.firstName || '?')
    .split(' ')
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** Picture (or initials), name and e-mail; Change Photo while editing, Edit Profile otherwise. */
export function ProfileHeader({ user, editor }: { user: User; editor: ProfileEditor }) {
  return (
    <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
      {user.profilePictureUrl ? (
        <img src={user.profilePictureUrl} alt="" className="h-24 w-24 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-24 w-24 items-center justify-center rounded-full bg-blue-100 text-3xl font-bold text-blue-800"
        >
          {initialsOf(user)}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h2 className="break-words text-2xl font-semibold">{displayName(user)}</h2>
        <p className="break-all text-slate-700">{user.email}</p>
        {editor.editing ? (
          <label className="mt-3 inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 focus-within:outline-2 focus-within:outline-blue-600 hover:bg-slate-50">
            <Camera aria-hidden="true" className="h-4 w-4" />
            {editor.uploading ? 'Uploading...' : 'Change Photo'}
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              onChange={editor.onPicture}
              disabled={editor.uploading}
            />
          </label>
        ) : null}
      </div>
      {!editor.editing ? (
        <Button variant="outline" onClick={editor.startEditing}>
          <Pencil aria-hidden="true" className="h-4 w-4" /> Edit Profile
        </Button>
      ) : null}
    </div>
  );
}
