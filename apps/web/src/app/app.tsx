import { ShellProviders } from '@/app/shell-providers';
import { forgetAppUserData } from '@/app/user-data';
import { AppRoutes } from '@/app/router';

/**
 * The storefront under its shell, without a router: the browser (main.tsx) puts it in a
 * BrowserRouter, the server renderer (entry-server.tsx) in a StaticRouter, so both render one tree
 * and hydration finds the HTML it expects.
 */
export function App() {
  return (
    <ShellProviders onForgetUserData={forgetAppUserData}>
      <AppRoutes />
    </ShellProviders>
  );
}
