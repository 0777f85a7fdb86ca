import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ShellLayout } from '@/app/shell/ShellLayout';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeader } from '@/components/page/PageHeader';
import { useAuthStore } from '@/stores/auth';

function Shell() {
  useEffect(() => {
    useAuthStore.setState({
      token: 'story',
      user: {
        id: 'u1',
        first_name: 'Sam',
        last_name: 'Superadmin',
        avatar_url: null,
        email: 'superadmin@move.test',
        applications: [
          { id: 'a1', name: 'Move Demo', slug: 'demo' },
          { id: 'a2', name: 'Sportpas Noord', slug: 'noord' },
        ],
      },
      profile: { roles: ['superadmin'], abilities: [], organizations: [] },
    });
  }, []);
  const router = createMemoryRouter(
    [
      {
        element: <ShellLayout />,
        children: [
          {
            path: '*',
            element: (
              <>
                <PageHeader title="Organisaties" actions={<button className="button button--primary">Nieuwe organisatie</button>} />
                <EmptyState title="Nog geen organisaties" />
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/application/organizations/management'] },
  );
  return <RouterProvider router={router} />;
}

const meta = {
  title: 'Patterns/Shell',
  component: Shell,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Shell>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The side navigation beside <main>. */
export const Desktop: Story = { globals: { viewport: { value: 'desktop', isRotated: false } } };
/** Below 900 px: the Menu button opens the navigation as a panel. */
export const Phone: Story = { globals: { viewport: { value: 'mobile2', isRotated: false } } };
