import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './layout/require-auth';

type RouteModule = { Component: ComponentType };

/**
 * A screen from its own chunk (like React.lazy), that renders at once when its chunk is already in.
 * main.tsx loads the current screen's chunks before the first render, so the first render shows the
 * screen itself: with React.lazy it showed the Suspense fallback first and the screen in a second render
 * and commit, which React holds back until 300 ms after the fallback appeared. A failed load goes to
 * the route's error boundary.
 */
function page(load: () => Promise<RouteModule>) {
  let Component: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;
  const start = () =>
    (loading ??= load().then(
      (m) => {
        Component = m.Component;
      },
      (error: unknown) => {
        failure = { error };
        throw error;
      },
    ));
  function Page() {
    if (Component) return <Component />;
    if (failure) throw failure.error; // as React.lazy: the route's error boundary shows it
    throw start(); // suspends until the chunk is in, as React.lazy does
  }
  return Object.assign(Page, { load: start });
}

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
  trip: () => import('./routes/trip'),
  myCommutes: () => import('./routes/my-commutes'),
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
const Trip = page(load.trip);
const MyCommutes = page(load.myCommutes);
const SignedInArea = page(load.signedInArea);

const publicScreens: Record<string, () => Promise<unknown>> = {
  [paths.home]: Home.load,
  [paths.signIn]: SignIn.load,
  [paths.signUp]: SignUp.load,
  [paths.join]: SignUp.load,
  [paths.forgotPassword]: ForgotPassword.load,
  [paths.resetPassword]: ResetPassword.load,
  [paths.verifyEmail]: VerifyEmail.load,
  [paths.howItWorks]: HowItWorks.load,
  [paths.safety]: Safety.load,
  [paths.help]: Help.load,
};
const signedInScreens: Record<string, () => Promise<unknown>> = {
  [paths.dashboard]: Dashboard.load,
  [paths.profile]: Profile.load,
  [paths.offerRide]: OfferRide.load,
  [paths.findRide]: FindRide.load,
  [paths.myCommutes]: MyCommutes.load,
};

/** The screen's path for an address's path: `/signin/` is `/signin`. */
export const screenPath = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/**
 * Starts loading the chunks the screen at `pathname` needs (main.tsx, before the first render), all at
 * once: otherwise each is requested only when React reaches it, the signed-in area's screens one round
 * trip after the area itself. Resolves when they are in, or failed (a failed load shows in the route's
 * error boundary); the routes then render them without suspending.
 */
export function preloadRoute(pathname: string, signedIn: boolean): Promise<void> {
  const path = screenPath(pathname);
  const signedInScreen = signedInScreens[path];
  const loaders = signedInScreen
    ? signedIn
      ? [SignedInArea.load, signedInScreen]
      : [SignIn.load] // RequireAuth sends the visitor to sign in
    : [publicScreens[path] ?? (path.startsWith('/trip/') ? Trip.load : Home.load)]; // any other path shows Home
  return Promise.all(loaders.map((l) => l().catch(() => undefined))).then(() => undefined);
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
        <Route path={paths.trip} element={<Trip />} />
        <Route element={<RequireAuth />}>
          <Route element={<SignedInArea />}>
            <Route path={paths.dashboard} element={<Dashboard />} />
            <Route path={paths.profile} element={<Profile />} />
            <Route path={paths.offerRide} element={<OfferRide />} />
            <Route path={paths.findRide} element={<FindRide />} />
            <Route path={paths.myCommutes} element={<MyCommutes />} />
          </Route>
        </Route>
        {/* Any other path shows Home (specification section 2). */}
        <Route path="*" element={<Home />} />
      </Route>
    </Routes>
  );
}
