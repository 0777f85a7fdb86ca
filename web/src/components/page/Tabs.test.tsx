import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Tabs } from '@/components/page/Tabs';

describe('Tabs', () => {
  it('is a navigation named by its label whose tab of the current path is the current page', () => {
    render(
      <MemoryRouter initialEntries={['/wallets/1/coupons']}>
        <Tabs
          label="Sportpas"
          tabs={[
            { to: '/wallets/1', label: 'Settings', end: true },
            { to: '/wallets/1/coupons', label: 'Coupons', end: true },
            { to: '/wallets/1/coupons/redeemed', label: 'Redeemed', end: true },
          ]}
        />
      </MemoryRouter>,
    );
    const navigation = screen.getByRole('navigation', { name: 'Sportpas' });
    expect(navigation).toContainElement(screen.getByRole('link', { name: 'Coupons' }));
    expect(screen.getByRole('link', { name: 'Coupons' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Redeemed' })).not.toHaveAttribute('aria-current');
  });
});
