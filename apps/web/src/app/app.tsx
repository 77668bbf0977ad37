import { BrowserRouter } from 'react-router';
import { ConfirmProvider } from '@/components/ui/confirm';
import { ToastHost } from '@/components/ui/toast-host';
import { NavigationBridge } from './layout/navigation-bridge';
import { AppRoutes } from './router';

export function App() {
  return (
    <BrowserRouter>
      <NavigationBridge />
      <ConfirmProvider>
        <AppRoutes />
      </ConfirmProvider>
      <ToastHost />
    </BrowserRouter>
  );
}
