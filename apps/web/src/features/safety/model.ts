/** The shapes of CONTRACT.md section 9, from the shared schemas; named here as the screens read them. */
export type {
  BlockedUser,
  ContactVisibility,
  Gender,
  ReportReason,
  Trip as PublicTrip,
  TripShare as SharedTrip,
  UserStats as ReliabilityStats,
} from '@saathchalo/shared';
export { REPORT_REASONS } from '@saathchalo/shared';

/** What a person carries to show trust: a ride's driver and a public profile. */
export interface TrustFacts {
  emailVerified?: boolean | undefined;
  phoneVerified?: boolean | undefined;
  stats?: import('@saathchalo/shared').UserStats | undefined;
}
