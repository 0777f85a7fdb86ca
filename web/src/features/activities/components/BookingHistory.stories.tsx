import type { Meta, StoryObj } from '@storybook/react-vite';
import type { BookingStep } from '@/features/activities/api/participants';
import { BookingTimeline } from '@/features/activities/components/BookingHistory';

const olga = { id: 'u1', name: 'Olga Org' };
const kim = { id: 'u2', name: 'Kim Klant' };

const promoted: BookingStep[] = [
  { event: 'booked', at: '2026-11-20T09:12:00Z', actor: kim, detail: { status: 'waitlisted', by_staff: false } },
  { event: 'promoted', at: '2026-11-22T17:40:00Z', actor: null, system: 'process:waitlist-promotion', detail: { status: 'confirmed' } },
  { event: 'notified', at: '2026-11-22T17:40:03Z', actor: null, system: 'process:waitlist-promotion', detail: { reason: 'promoted' } },
  { event: 'attendance_marked', at: '2026-11-26T18:58:00Z', actor: olga, detail: { attendance: 'present', via: 'qr' } },
];

const meta = { title: 'Activities/Booking history', component: BookingTimeline } satisfies Meta<typeof BookingTimeline>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FromTheWaitingList: Story = { args: { steps: promoted } };
export const BundleCheckIns: Story = {
  args: {
    steps: [
      { event: 'booked', at: '2026-11-20T09:12:00Z', actor: olga, detail: { status: 'confirmed', by_staff: true } },
      { event: 'checked_in', at: '2026-11-24T19:01:00Z', actor: olga, detail: { session_id: 's1' } },
      // Platform staff: a user the application cannot see by name (decision 0511).
      { event: 'checked_in', at: '2026-12-01T19:02:00Z', actor: null, system: '5e439958-055e-4790-98b6-d9bf4b62b7a2', detail: { session_id: 's2' } },
      { event: 'cancelled', at: '2026-11-25T08:00:00Z', actor: kim, detail: { by_staff: false, from_status: 'confirmed' } },
    ],
  },
};
export const Empty: Story = { args: { steps: [] } };
