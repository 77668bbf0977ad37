import { BrowserRouter } from 'react-router';
import { ConfirmProvider } from '@/components/ui/confirm';
import { ToastHost } from '@/components/ui/toast-host';
import { NavigationBridge } from './layout/navigation-bridge';
import { AppRoutes } from './router';

/** Everything inside the router: the browser gives it BrowserRouter, the build (prerender.tsx) a fixed path. */
export function AppContent() {
  return (
    <>
      <NavigationBridge />
      <ConfirmProvider>
        <AppRoutes />
      </ConfirmProvider>
      <ToastHost />
    </>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}
