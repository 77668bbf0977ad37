import type { User } from '@saathchalo/shared';
import { ArrowLeft } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { NETWORK_ERROR, NetworkError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useProfile } from '../api/profile-api';
import { useProfileEditor } from '../hooks/use-profile-editor';
import { DangerZone } from './danger-zone';
import { ProfileDetails } from './profile-details';
import { ProfileEditForm } from './profile-edit-form';
import { ProfileHeader } from './profile-header';
import { SafetySection } from './safety-section';

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
  const editor = useProfileEditor(user);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <ButtonLink to={paths.dashboard} variant="ghost" size="sm" className="-ml-3">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Dashboard
      </ButtonLink>
      <h1 className="mt-2 text-3xl font-bold">My Profile</h1>

      <section
        aria-label="Profile"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <ProfileHeader user={user} editor={editor} />
        {profile.error instanceof NetworkError ? (
          <Alert tone="info" className="mt-6">
            <p>{NETWORK_ERROR}</p>
            <button
              type="button"
              className="mt-1 font-medium underline"
              onClick={() => void profile.refetch()}
            >
              Try again
            </button>
          </Alert>
        ) : null}
        {editor.banner ? <Alert className="mt-6">{editor.banner}</Alert> : null}
        {editor.editing ? <ProfileEditForm editor={editor} /> : <ProfileDetails user={user} />}
      </section>

      <SafetySection user={user} />

      <DangerZone />
    </div>
  );
}
