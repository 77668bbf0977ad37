/** Every route of the specification (section 2), in one place. */
export const paths = {
  home: '/',
  signIn: '/signin',
  signUp: '/signup',
  join: '/join',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  dashboard: '/dashboard',
  profile: '/profile',
  offerRide: '/offer-ride',
  findRide: '/find-ride',
  myCommutes: '/my-commutes',
  howItWorks: '/how-it-works',
  safety: '/safety',
  help: '/help',
  /** A shared trip (CONTRACT section 9), opened by whoever has the link, signed in or not. */
  trip: '/trip/:token',
} as const;

/** A tab of the dashboard (`?tab=`): after a booking the passenger lands where the booking is. */
export type DashboardTab = 'rides' | 'bookings' | 'requests';
export const dashboardTab = (tab: DashboardTab) => `${paths.dashboard}?tab=${tab}`;

export const support = {
  phone: '1800-123-7284',
  email: 'support@saathchalo.in',
  safetyLine: '1800-123-7233',
} as const;
