import type { Meta, StoryObj } from '@storybook/react-vite';
import { BarChart } from '@/components/chart/BarChart';
import { StackedBar } from '@/components/chart/StackedBar';

const days = Array.from({ length: 30 }, (_, index) => ({
  label: `${(index % 30) + 1}-11`,
  value: [0, 1, 3, 2, 0, 5, 8, 4, 1, 0][index % 10],
}));

function Demo({ empty }: { empty?: boolean }) {
  return (
    <div style={{ maxWidth: 720, display: 'grid', gap: '1.5rem' }}>
      <BarChart title="New organisations per day" data={empty ? [] : days} emptyMessage="No data for this period" />
      <StackedBar
        title="Organisations by state"
        emptyMessage="No organisations yet"
        segments={[
          { key: 'approved', label: 'Approved', value: empty ? 0 : 42, color: 'var(--color-success)' },
          { key: 'pending', label: 'Pending', value: empty ? 0 : 7, color: 'var(--color-warning)' },
          { key: 'rejected', label: 'Rejected', value: empty ? 0 : 3, color: 'var(--color-danger)' },
        ]}
      />
    </div>
  );
}

const meta = { title: 'Charts/BarChart and StackedBar', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
export const Thirty_days: StoryObj<typeof meta> = {};
export const Empty: StoryObj<typeof meta> = { args: { empty: true } };
