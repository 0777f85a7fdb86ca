import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LanguageSwitch } from '@/app/shell/LanguageSwitch';
import { TopBar } from '@/app/shell/TopBar';
import { UserMenu } from '@/app/shell/UserMenu';
import { useAuthStore } from '@/stores/auth';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const login = {
  api_token: { token: 't1', refresh_token: 'r1', expires_at: '2030-01-01T00:00:00Z' },
  user: { id: 'u1', first_name: 'Sam', last_name: 'Superadmin', avatar_url: null, email: 's@move.test', applications: [] },
};

describe('top bar', () => {
  const fetchMock = mockFetch();
  afterEach(() => useAuthStore.getState().clear());

  it('names the application beside its logo', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ data: { id: 'a1', name: 'Move Demo', slug: 'demo', logo_url: null } })));
    renderWithProviders(
      <MemoryRouter>
        <TopBar menuId="menu" menuOpen={false} onMenu={() => undefined} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Move Demo' }, { timeout: 20_000 })).toHaveTextContent('Move Demo');
  });

  it('names the user menu by the name it shows (axe label-content-name-mismatch)', () => {
    useAuthStore.getState().setLogin(login);
    renderWithProviders(
      <MemoryRouter>
        <UserMenu />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'Sam Superadmin User menu' });
    expect(button).not.toHaveAttribute('aria-label');
    expect(screen.queryByRole('img', { name: 'Sam Superadmin' })).not.toBeInTheDocument();
  });

  it('offers the languages as NL / EN on a phone, so the select is never cut off', () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(max-width: 599px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    renderWithProviders(<LanguageSwitch />);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['NL', 'EN']);
    vi.unstubAllGlobals();
  });
});
