import { Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import type { User } from '@saathchalo/shared';

export const displayName = (user: User) => user.name || `${user.firstName} ${user.lastName}`.trim();

function Item({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}

/** The profile as others see it, "Not provided" where a field is empty. */
export function ProfileDetails({ user }: { user: User }) {
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-2">
      <Item label="Full Name">{displayName(user)}</Item>
      <Item label="Email Address">
        <span className="inline-flex items-center gap-2 break-all">
          <Mail aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" /> {user.email}
        </span>
      </Item>
      <Item label="Phone Number">
        {user.phone ? (
          <a
            href={`tel:${user.phone}`}
            className="inline-flex items-center gap-2 font-medium text-blue-700 hover:underline"
          >
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
  );
}
