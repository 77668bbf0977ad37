import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './layout/require-auth';

type RouteModule = { Component: ComponentType };
const page = (load: () => Promise<RouteModule>) => lazy(() => load().then((m) => ({ default: m.Component })));

// Every screen is its own chunk, so the first view of / loads only what it shows.
const Home = page(() => import('./routes/home'));
const SignIn = page(() => import('./routes/sign-in'));
const SignUp = page(() => import('./routes/sign-up'));
const ForgotPassword = page(() => import('./routes/forgot-password'));
const ResetPassword = page(() => import('./routes/reset-password'));
const VerifyEmail = page(() => import('./routes/verify-email'));
const HowItWorks = page(() => import('./routes/how-it-works'));
const Safety = page(() => import('./routes/safety'));
const Help = page(() => import('./routes/help'));
const Dashboard = page(() => import('./routes/dashboard'));
const Profile = page(() => import('./routes/profile'));
const OfferRide = page(() => import('./routes/offer-ride'));
const FindRide = page(() => import('./routes/find-ride'));
/** The signed-in area brings its data layer (TanStack Query) with it. */
const SignedInArea = page(() => import('./layout/signed-in-area'));

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
