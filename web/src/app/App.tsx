import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApplicationBootstrap } from '@/app/bootstrap';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <AppProvider>
      <ApplicationBootstrap>
        <RouterProvider router={router} />
      </ApplicationBootstrap>
    </AppProvider>
  );
}
