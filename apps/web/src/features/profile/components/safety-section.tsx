import type { User } from '@saathchalo/shared';
import { BlockedUsers, PhoneVerification, PrivacySettings, type PrivacyValues } from '@/features/safety';
import { useUpdateProfile } from '../api/profile-api';

/** Gender and privacy, phone verification and the blocked list, under the profile. */
export function SafetySection({ user }: { user: User }) {
  const update = useUpdateProfile();
  // PUT /users/profile takes the whole profile: the section sends it as it is, with its two fields changed.
  const save = (v: PrivacyValues) =>
    update.mutateAsync({
      firstName: user.firstName,
      lastName: user.lastName || null,
      phone: user.phone,
      location: user.location || null,
      bio: user.bio,
      gender: v.gender,
      contactVisibility: v.contactVisibility,
    });
  return (
    <section
      aria-label="Safety"
      className="mt-8 space-y-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 className="text-xl font-semibold">Trust and safety</h2>
      <PrivacySettings
        key={`${user.gender ?? ''}-${user.contactVisibility ?? ''}`}
        initial={{ gender: user.gender ?? null, contactVisibility: user.contactVisibility ?? 'EVERYONE' }}
        save={save}
      />
      <PhoneVerification phone={user.phone} verified={user.phoneVerified} />
      <BlockedUsers />
    </section>
  );
}
