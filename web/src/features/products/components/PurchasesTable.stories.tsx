import type { Meta, StoryObj } from '@storybook/react-vite';
import { PurchasesTable } from '@/features/products/components/PurchasesTable';

const meta = { title: 'Products/Purchases', component: PurchasesTable } satisfies Meta<typeof PurchasesTable>;
export default meta;
type Story = StoryObj<typeof meta>;

const questions = { q1: 'Maat' };

export const Some: Story = {
  args: {
    questions,
    purchases: {
      product_id: 'p1',
      spots: 12,
      taken: 2,
      purchases: [
        {
          purchase_id: 'a',
          customer_id: 'c1',
          first_name: 'Carla',
          last_name: 'Klant',
          email: 'carla@example.test',
          date_of_birth: '1990-01-01',
          answers: [{ question_id: 'q1', value: 'M' }],
          quantity: 1,
          status: 'confirmed',
          bought_at: '2026-11-20T09:12:00Z',
          paid_at: '2026-11-20T09:14:00Z',
        },
        {
          purchase_id: 'b',
          customer_id: 'c2',
          first_name: 'Bram',
          last_name: 'Koper',
          email: 'bram@example.test',
          date_of_birth: '',
          answers: [],
          quantity: 1,
          status: 'held',
          bought_at: '2026-11-21T10:00:00Z',
          paid_at: null,
        },
        {
          // Erased (decision 0510): the buyer's fields are blank.
          purchase_id: 'c',
          customer_id: null,
          first_name: '',
          last_name: '',
          email: '',
          date_of_birth: '',
          answers: [],
          quantity: 1,
          status: 'cancelled',
          bought_at: '2026-11-19T08:00:00Z',
          paid_at: null,
        },
      ],
    },
  },
};
export const Empty: Story = { args: { questions, purchases: { product_id: 'p1', spots: null, taken: 0, purchases: [] } } };
