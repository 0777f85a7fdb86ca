import type { Participant } from '@/features/activities/api/participants';

/** A session's participant as the API answers one, for tests of the lists that show them. */
export function participant(id: string, first: string, status: string, attendance = 'none'): Participant {
  return {
    booking_id: id,
    customer_id: null,
    first_name: first,
    last_name: 'Jansen',
    email: `${first.toLowerCase()}@example.test`,
    date_of_birth: '',
    gender: '',
    notes: '',
    status,
    by_staff: false,
    attendance,
    checked_in_at: null,
    refund_percent: null,
    moved_from: null,
    moved_to: null,
    booked_at: '2026-11-26T08:00:00Z',
    qr_code: 'B1.x.y',
    check_in_code: 'K7P2QX',
  };
}
