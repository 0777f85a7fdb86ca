import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CustomerLink, customerPath } from '@/components/customer/CustomerLink';
import { useAuthStore, type Profile } from '@/stores/auth';

function as(profile: Profile) {
  useAuthStore.getState().setProfile(profile);
}

function show(customerId: string | null, label?: string) {
  render(
    <MemoryRouter>
      <p data-testid="where">
        <CustomerLink customerId={customerId} label={label}>
          Kim Klant
        </CustomerLink>
      </p>
    </MemoryRouter>,
  );
  return screen.getByTestId('where');
}

describe('CustomerLink', () => {
  afterEach(cleanup);

  it('links a customer with an account to their page for who may see orders (decision 1710)', () => {
    as({ roles: ['admin'], abilities: ['view-application-orders'], organizations: [] });
    show('c1');
    expect(screen.getByRole('link', { name: 'Kim Klant' })).toHaveAttribute('href', customerPath('c1'));
  });

  it('shows the name as text without an account or without the permission', () => {
    as({ roles: ['admin'], abilities: ['view-application-orders'], organizations: [] });
    expect(show(null)).toHaveTextContent('Kim Klant');
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    as({ roles: ['organization'], abilities: ['view-activities'], organizations: [] });
    expect(show('c1')).toHaveTextContent('Kim Klant');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('an icon link is named by its label, and left out when there is no page to open', () => {
    as({ roles: ['superadmin'], abilities: [], organizations: [] });
    show('c1', 'Customer page of Kim Klant');
    expect(screen.getByRole('link', { name: 'Customer page of Kim Klant' })).toBeInTheDocument();
    cleanup();
    as({ roles: ['trainer'], abilities: [], organizations: [] });
    expect(show('c1', 'Customer page of Kim Klant')).toBeEmptyDOMElement();
  });
});
