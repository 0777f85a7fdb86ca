import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { CustomerLink } from '@/components/customer/CustomerLink';
import { Icon } from '@/components/ui/Icon';
import { useAuthStore } from '@/stores/auth';

/** A customer named in a list, and the door's icon link, as a user with or without the orders' permission sees them (decision 1710). */
function Demo({ maySeeOrders }: { maySeeOrders: boolean }) {
  useEffect(() => {
    useAuthStore.setState({ profile: { roles: [], abilities: maySeeOrders ? ['view-application-orders'] : [], organizations: [] } });
  }, [maySeeOrders]);
  return (
    <MemoryRouter>
      <p>
        <CustomerLink customerId="5f0c8a52-6a1e-4f52-9a43-1c1f0e4b2d11">Kim Klant</CustomerLink> · kim@example.org
      </p>
      <p>
        <CustomerLink customerId={null}>Piet Hand</CustomerLink> (added by staff, no account)
      </p>
      <p>
        <CustomerLink customerId="5f0c8a52-6a1e-4f52-9a43-1c1f0e4b2d11" label="Klantpagina van Kim Klant">
          <Icon name="view" size={20} />
        </CustomerLink>
      </p>
    </MemoryRouter>
  );
}

const meta = {
  title: 'Components/CustomerLink',
  component: Demo,
  args: { maySeeOrders: true },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const MaySeeOrders: Story = {};
/** Without view-application-orders names are text and the door's icon link is left out. */
export const WithoutOrders: Story = { args: { maySeeOrders: false } };
