/**
 * The shapes of CONTRACT.md section 9 as the screens read them. Until the shared schemas carry them,
 * they are spelled here once; every field is optional on the shapes of sections 1-6, so a server that
 * knows nothing of section 9 still renders.
 */
export type Gender = 'FEMALE' | 'MALE' | 'OTHER';
export type ContactVisibility = 'EVERYONE' | 'CONFIRMED';
export const REPORT_REASONS = ['UNSAFE_DRIVING', 'NO_SHOW', 'HARASSMENT', 'FAKE_PROFILE', 'OTHER'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export interface ReliabilityStats {
  ridesCompleted: number;
  driverCancellations: number;
  cancellationRate: number;
}

/** What a person carries to show trust: on a ride's driver and a public profile. */
export interface TrustFacts {
  emailVerified?: boolean | undefined;
  phoneVerified?: boolean | undefined;
  stats?: ReliabilityStats | undefined;
}

export interface BlockedUser {
  id: string;
  name: string;
  firstName?: string;
  profilePictureUrl?: string | null;
}

export interface SharedTrip {
  url: string;
  token: string;
  expiresAt: string;
}

export interface PublicTrip {
  route: { from: string; to: string };
  stops?: string[];
  departureDate: string;
  departureTime: string;
  status: string;
  driver: { firstName: string; rating: number };
  car: { model: string; number: string };
  passengerFirstName: string;
}
