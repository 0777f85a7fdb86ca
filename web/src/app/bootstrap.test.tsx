import { screen } from '@testing-library/react';
import { ApplicationBootstrap } from '@/app/bootstrap';
import { useApplicationSettings } from '@/app/shell/application-settings';
import { renderWithProviders } from '@/testing/render';

function Child() {
  // Screens read the settings too; that must not start the startup over.
  useApplicationSettings();
  return <p>app</p>;
}

const fetchMock = vi.fn<typeof fetch>();

describe('ApplicationBootstrap', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the settings, then shows the app with them', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ data: { id: 'a', name: 'Sportief', slug: 's', logo_url: null, favicon_url: null, primary_color: null, secondary_color: null } })),
    );
    renderWithProviders(
      <ApplicationBootstrap>
        <Child />
      </ApplicationBootstrap>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByText('app')).toBeInTheDocument();
    expect(document.title).toBe('Sportief');
  });

  it('shows the app with defaults when the settings fail, asking only once', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ errors: { message: 'Niet gevonden' } }), { status: 404 }));
    renderWithProviders(
      <ApplicationBootstrap>
        <Child />
      </ApplicationBootstrap>,
    );
    expect(await screen.findByText('app')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('app')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(document.title).toBe('Move');
  });
});
