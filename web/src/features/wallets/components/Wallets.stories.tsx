import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Form, FormErrorSummary, SubmitButton } from '@/components/form';
import type { BatchGenerated, CouponBatch, CouponEvent, WalletInput, WalletStatistics } from '@/features/wallets/api/types';
import { BatchesPanel } from '@/features/wallets/components/BatchesPanel';
import { CouponStatusBadge } from '@/features/wallets/components/CouponStatusBadge';
import { CouponTimeline } from '@/features/wallets/components/CouponTimeline';
import { GenerateCouponsDialog } from '@/features/wallets/components/GenerateCouponsDialog';
import { emptyWallet, WalletInputs, walletSchema } from '@/features/wallets/components/WalletInputs';
import { WalletStatisticsView } from '@/features/wallets/components/WalletStatisticsView';
import { useTranslation } from 'react-i18next';

const sam = { id: 'u1', name: 'Sam Support' };

const batches: CouponBatch[] = [
  {
    id: 'b1b1b1b1-0000-4000-8000-000000000001',
    quantity: 500,
    issued: 500,
    value_moves: 10,
    prefix: 'ZOMER',
    suffix: '',
    expires_at: '2026-12-31T22:59:59Z',
    enabled: true,
    created_at: '2026-11-20T10:00:00Z',
    created_by: sam,
    redeemed_count: 42,
  },
  {
    id: 'b2b2b2b2-0000-4000-8000-000000000002',
    quantity: 100000,
    issued: 35000,
    value_moves: 5,
    prefix: '',
    suffix: 'KERST',
    expires_at: null,
    enabled: false,
    created_at: '2026-11-24T09:30:00Z',
    created_by: sam,
    redeemed_count: 0,
  },
];

const history: CouponEvent[] = [
  { event: 'coupon.issued', at: '2026-11-20T10:00:00Z', actor: sam, details: { value_moves: 10 }, position: '1.0' },
  { event: 'coupon.disabled', at: '2026-11-21T08:12:00Z', actor: sam, details: {}, position: '2.0' },
  { event: 'coupon.enabled', at: '2026-11-21T08:15:00Z', actor: sam, details: {}, position: '3.0' },
  {
    event: 'coupon.redeemed',
    at: '2026-11-22T15:40:00Z',
    actor: sam,
    details: { customer: { id: 'c1', name: 'Chris Customer' }, value_moves: 10, via: 'support' },
    position: '4.0',
  },
  { event: 'wallet.credited', at: '2026-11-22T15:40:01Z', actor: null, details: { moves: 10 }, position: '5.0' },
];

function days(count: number): WalletStatistics['days'] {
  return Array.from({ length: count }, (_, index) => {
    const day = new Date(Date.UTC(2026, 10, 1 + index)).toISOString().slice(0, 10);
    return { day, issued: index % 7 === 0 ? 500 : 0, redeemed: (index * 13) % 40, expired: index === 20 ? 30 : 0 };
  });
}

function WalletFormDemo() {
  const { t } = useTranslation();
  return (
    <Form<WalletInput> initialValues={emptyWallet} validationSchema={walletSchema(t)} onSubmit={() => undefined}>
      <WalletInputs />
      <FormErrorSummary />
      <div className="form__actions">
        <SubmitButton>{t('common.save')}</SubmitButton>
      </div>
    </Form>
  );
}

function GenerateDemo() {
  const [open, setOpen] = useState(true);
  const [last, setLast] = useState<string>('');
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Generate coupons…
      </button>
      <p>{last}</p>
      <GenerateCouponsDialog
        open={open}
        onClose={() => setOpen(false)}
        onGenerate={async (input): Promise<BatchGenerated> => ({ id: 'b9', version: 1, issued: input.quantity })}
        onGenerated={(answer) => {
          setLast(`${answer.issued} coupons generated`);
          setOpen(false);
        }}
      />
    </>
  );
}

function BatchesDemo({ manage }: { manage: boolean }) {
  const [rows, setRows] = useState(batches);
  return (
    <BatchesPanel
      batches={rows}
      manage={manage}
      onSetEnabled={async (batch, enabled) =>
        setRows((current) => current.map((row) => (row.id === batch.id ? { ...row, enabled } : row)))
      }
      onExport={async () => undefined}
    />
  );
}

function Overview() {
  return null;
}

const meta = { title: 'Wallets/Screens parts', component: Overview } satisfies Meta<typeof Overview>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WalletForm: Story = { render: () => <WalletFormDemo /> };
export const GenerateCoupons: Story = { render: () => <GenerateDemo /> };
export const Batches: Story = { render: () => <BatchesDemo manage /> };
export const BatchesReadOnly: Story = { render: () => <BatchesDemo manage={false} /> };
export const CouponStatuses: Story = {
  render: () => (
    <p style={{ display: 'flex', gap: 8 }}>
      {(['available', 'redeemed', 'expired', 'disabled'] as const).map((status) => (
        <CouponStatusBadge key={status} status={status} />
      ))}
    </p>
  ),
};
export const CouponHistory: Story = { render: () => <CouponTimeline events={history} /> };
export const Statistics: Story = {
  render: () => (
    <WalletStatisticsView
      statistics={{
        from: '2026-11-01',
        to: '2026-11-30',
        totals: { issued: 2000, redeemed: 620, outstanding: 1350, expired: 30 },
        days: days(30),
      }}
      from="2026-11-01"
      to="2026-11-30"
    />
  ),
};
export const StatisticsEmpty: Story = {
  render: () => (
    <WalletStatisticsView
      statistics={{ from: '2026-11-01', to: '2026-11-30', totals: { issued: 0, redeemed: 0, outstanding: 0, expired: 0 }, days: [] }}
      from="2026-11-01"
      to="2026-11-30"
    />
  ),
};
