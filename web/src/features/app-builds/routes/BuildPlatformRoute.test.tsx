import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { BuildSettings } from '@/features/app-builds/api/appBuilds';
import { BuildIosRoute, compareVersions } from '@/features/app-builds/routes/BuildPlatformRoute';
import { useNotificationStore } from '@/stores/notification';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const SETTINGS: BuildSettings = {
  app_name: 'Move Demo',
  promotional_text: '',
  short_description: '',
  long_description: 'Sport.',
  keywords: ['sport'],
  primary_color: '#0055AA',
  secondary_color: '',
  support_url: 'https://example.org/s',
  privacy_url: 'https://example.org/p',
  marketing_url: '',
  icon_id: 'icon',
  splash_id: 'splash',
  icon_url: '/v1/files/icon/thumbnail',
  splash_url: '/v1/files/splash/thumbnail',
  updated_at: '2026-11-26T10:00:00Z',
  platforms: [
    {
      platform: 'ios',
      configured: true,
      bundle_id: 'nl.movedemo.app',
      version_name: '1.1.0',
      minimum_app_version: '',
      next_build_number: 3,
      released_version: '1.0.0',
      running: false,
      missing: [],
    },
    {
      platform: 'android',
      configured: false,
      bundle_id: '',
      version_name: '',
      minimum_app_version: '',
      next_build_number: 1,
      released_version: null,
      running: false,
      missing: ['short_description'],
    },
  ],
};

const isWrite = (init?: RequestInit) => Boolean(init?.method && init.method !== 'GET');

function renderIos() {
  const router = createMemoryRouter(
    [
      { path: '/applications/builds/build-ios', element: <BuildIosRoute /> },
      { path: '/application/builds/overview', element: <p>overview screen</p> },
    ],
    { initialEntries: ['/applications/builds/build-ios'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('build iOS', () => {
  const fetchMock = mockFetch();
  const command = () => new Response(JSON.stringify({ data: { id: 'b1', version: 4 }, meta: { position: '9.0' } }), { status: 201 });
  beforeEach(() => {
    fetchMock.mockImplementation(async (_input, init) => (isWrite(init) ? command() : new Response(JSON.stringify({ data: SETTINGS }))));
  });

  it('asks before it starts a build, saving the configuration first', async () => {
    const router = renderIos();
    expect(await screen.findByText('Next build number')).toBeInTheDocument();
    expect(screen.getByLabelText(/Bundle ID/)).toHaveValue('nl.movedemo.app');
    await userEvent.click(screen.getByRole('button', { name: 'Start build…' }));
    expect(await screen.findByText('The tag field is required')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Tag/), 'v1.1.0');
    await userEvent.click(screen.getByRole('button', { name: 'Start build…' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('version 1.1.0 (build 3) from tag v1.1.0');
    expect(fetchMock.mock.calls.filter(([, init]) => isWrite(init))).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start build' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/application/builds/overview'));
    const writes = fetchMock.mock.calls.filter(([, init]) => isWrite(init));
    expect(writes.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'PUT /v1/admin/application/build-settings/ios',
      'POST /v1/admin/application/builds',
    ]);
    expect(JSON.parse(String(writes[1][1]?.body))).toEqual({ platform: 'ios', tag: 'v1.1.0' });
    expect(useNotificationStore.getState().current?.message).toBe('The iOS build has started');
  });

  it('refuses a minimum version above the version before asking the server', async () => {
    renderIos();
    const minimum = await screen.findByLabelText('Minimum app version');
    await userEvent.type(minimum, '1.2');
    await userEvent.click(screen.getByRole('button', { name: 'Save configuration' }));
    expect(await screen.findByText('The minimum app version may not be above the version')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => isWrite(init))).toHaveLength(0);
  });
});

describe('compareVersions', () => {
  it('compares by number, as the server does', () => {
    expect(compareVersions('1.10', '1.9')).toBe(1);
    expect(compareVersions('2', '2.0.0')).toBe(0);
    expect(compareVersions('1.2.3', '1.3')).toBe(-1);
  });
});
