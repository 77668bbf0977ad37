import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './layout/require-auth';

type RouteModule = { Component: ComponentType };
const page = (load: () => Promise<RouteModule>) => lazy(() => load().then((m) => ({ default: m.Component })));

// Every screen is its own chunk, so the first view of / loads only what it shows.
const load = {
  home: () => import('./routes/home'),
  signIn: () => import('./routes/sign-in'),
  signUp: () => import('./routes/sign-up'),
  forgotPassword: () => import('./routes/forgot-password'),
  resetPassword: () => import('./routes/reset-password'),
  verifyEmail: () => import('./routes/verify-email'),
  howItWorks: () => import('./routes/how-it-works'),
  safety: () => import('./routes/safety'),
  help: () => import('./routes/help'),
  dashboard: () => import('./routes/dashboard'),
  profile: () => import('./routes/profile'),
  offerRide: () => import('./routes/offer-ride'),
  findRide: () => import('./routes/find-ride'),
  /** The signed-in area brings its data layer (TanStack Query) with it. */
  signedInArea: () => import('./layout/signed-in-area'),
};

const Home = page(load.home);
const SignIn = page(load.signIn);
const SignUp = page(load.signUp);
const ForgotPassword = page(load.forgotPassword);
const ResetPassword = page(load.resetPassword);
const VerifyEmail = page(load.verifyEmail);
const HowItWorks = page(load.howItWorks);
const Safety = page(load.safety);
const Help = page(load.help);
const Dashboard = page(load.dashboard);
const Profile = page(load.profile);
const OfferRide = page(load.offerRide);
const FindRide = page(load.findRide);
const SignedInArea = page(load.signedInArea);

const publicScreens: Record<string, () => Promise<unknown>> = {
  [paths.home]: load.home,
  [paths.signIn]: load.signIn,
  [paths.signUp]: load.signUp,
  [paths.join]: load.signUp,
  [paths.forgotPassword]: load.forgotPassword,
  [paths.resetPassword]: load.resetPassword,
  [paths.verifyEmail]: load.verifyEmail,
  [paths.howItWorks]: load.howItWorks,
  [paths.safety]: load.safety,
  [paths.help]: load.help,
};
const signedInScreens: Record<string, () => Promise<unknown>> = {
  [paths.dashboard]: load.dashboard,
  [paths.profile]: load.profile,
  [paths.offerRide]: load.offerRide,
  [paths.findRide]: load.findRide,
};

/**
 * Starts loading the chunks the screen at `pathname` needs (main.tsx, before the first render), all at
 * once: otherwise each is requested only when React reaches it, the signed-in area's screens one round
 * trip after the area itself. The lazy routes then find them loaded or on the way.
 */
export function preloadRoute(pathname: string, signedIn: boolean): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const signedInScreen = signedInScreens[path];
  const loaders = signedInScreen
    ? signedIn
      ? [load.signedInArea, signedInScreen]
      : [load.signIn] // RequireAuth sends the visitor to sign in
    : [publicScreens[path] ?? load.home]; // any other path shows Home
  for (const l of loaders) l().catch(() => undefined); // a failed load shows in the route's error boundary
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path={paths.home} element={<Home />} />
        <Route path={paths.signIn} element={<SignIn />} />
        <Route path={paths.signUp} element={<SignUp />} />
        <Route path={paths.join} element={<SignUp />} />
        <Route path={paths.forgotPassword} element={<ForgotPassword />} />
        <Route path={paths.resetPassword} element={<ResetPassword />} />
        <Route path={paths.verifyEmail} element={<VerifyEmail />} />
        <Route path={paths.howItWorks} element={<HowItWorks />} />
        <Route path={paths.safety} element={<Safety />} />
        <Route path={paths.help} element={<Help />} />
        <Route element={<RequireAuth />}>
          <Route element={<SignedInArea />}>
            <Route path={paths.dashboard} element={<Dashboard />} />
            <Route path={paths.profile} element={<Profile />} />
            <Route path={paths.offerRide} element={<OfferRide />} />
            <Route path={paths.findRide} element={<FindRide />} />
          </Route>
        </Route>
        {/* Any other path shows Home (specification section 2). */}
        <Route path="*" element={<Home />} />
      </Route>
    </Routes>
  );
}
