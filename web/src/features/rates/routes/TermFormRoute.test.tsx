import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { durationOf, minutesOf, termError } from '@/features/rates/components/TermInputs';
import { TermFormRoute } from '@/features/rates/routes/TermFormRoute';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const TERM = {
  id: 'ct1',
  organization_id: 'o1',
  name: 'Standaard',
  periods: [
    { from_minutes: null, until_minutes: 2880, refund_percent: 100 },
    { from_minutes: 2880, until_minutes: 90, refund_percent: 50 },
    { from_minutes: 90, until_minutes: null, refund_percent: 0 },
  ],
  version: 2,
  created_at: '',
  updated_at: '',
};

function open(path: string, abilities: string[]) {
  useAuthStore.getState().setProfile({ roles: [], abilities, organizations: [] });
  const router = createMemoryRouter(
    [
      { path: '/organizations/:organization_id/cancellation-terms/create', element: <TermFormRoute /> },
      { path: '/organizations/:organization_id/cancellation-terms/:term_id', element: <TermFormRoute /> },
      { path: '/organizations/:organization_id/rates', element: <p>rates</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('cancellation periods in hours and days', () => {
  it('shows stored minutes as whole days, else hours', () => {
    expect(durationOf(null)).toEqual({ amount: '', unit: 'hours' });
    expect(durationOf(2880)).toEqual({ amount: '2', unit: 'days' });
    expect(durationOf(1440)).toEqual({ amount: '1', unit: 'days' });
    expect(durationOf(120)).toEqual({ amount: '2', unit: 'hours' });
    expect(durationOf(90)).toEqual({ amount: '1.5', unit: 'hours' });
    expect(durationOf(0)).toEqual({ amount: '0', unit: 'hours' });
  });

  it('sends what was typed as minutes, and every stored value comes back unchanged', () => {
    expect(minutesOf({ amount: '', unit: 'days' })).toBeNull();
    expect(minutesOf({ amount: '2', unit: 'days' })).toBe(2880);
    expect(minutesOf({ amount: '36', unit: 'hours' })).toBe(2160);
    expect(minutesOf({ amount: '1,5', unit: 'hours' })).toBe(90);
    expect(minutesOf({ amount: ' 3 ', unit: 'hours' })).toBe(180);
    expect(minutesOf({ amount: '-1', unit: 'hours' })).toBeNaN();
    expect(minutesOf({ amount: 'twee', unit: 'days' })).toBeNaN();
    for (const minutes of [0, 1, 7, 45, 60, 90, 1440, 2160, 2880, 366 * 1440]) {
      expect(minutesOf(durationOf(minutes))).toBe(minutes);
    }
  });

  it("puts the server's refusal of a period's minutes on the amount typed", () => {
    const refused = termError(new ApiError(422, 'invalid', { 'periods.2.from_minutes': 'Period 3 must start where the one before ends', name: 'Too long' }));
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).fields).toEqual({ 'periods.2.from.amount': 'Period 3 must start where the one before ends', name: 'Too long' });
  });
});

describe('cancellation term form', () => {
  const fetchMock = mockFetch(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') return new Response(JSON.stringify({ data: { id: 'ct2', version: 1 } }), { status: 201 });
    if (url.startsWith('/v1/admin/cancellation-terms/ct1')) return new Response(JSON.stringify({ data: TERM }));
    return new Response('{}', { status: 404 });
  });
  afterEach(() => useAuthStore.setState({ profile: null }));

  it('is read-only for a user who may see the rates but not manage them', async () => {
    open('/organizations/o1/cancellation-terms/ct1', ['view-rates']);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toBeDisabled();
    const second = screen.getByRole('group', { name: 'Period 2' });
    expect(within(second).getByRole('textbox', { name: 'From (before the session)' })).toHaveValue('2');
    expect(within(second).getByRole('combobox', { name: 'Unit of “From (before the session)”' })).toHaveValue('days');
    expect(within(second).getByRole('textbox', { name: 'Until (before the session)' })).toHaveValue('1.5');
    expect(within(second).getByRole('combobox', { name: 'Unit of “Until (before the session)”' })).toHaveValue('hours');
    expect(within(second).getByRole('textbox', { name: 'Until (before the session)' })).toBeDisabled();
    for (const button of ['Save', 'Add period', 'Remove period 2', 'Delete cancellation term']) {
      expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('list', { name: 'Timeline' })).toHaveTextContent('Until 48 h before: 100 %');
  });

  it("marks what the server requires per period, and sends days and hours as minutes", async () => {
    const router = open('/organizations/o1/cancellation-terms/create', ['view-rates', 'manage-rates']);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toBeRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Add period' }));
    const [first, second] = [screen.getByRole('group', { name: 'Period 1' }), screen.getByRole('group', { name: 'Period 2' })];
    // With several periods the first needs an until and the last a from (domain/rate checkPeriods).
    expect(within(first).getByRole('textbox', { name: 'From (before the session)' })).not.toBeRequired();
    expect(within(first).getByRole('textbox', { name: 'Until (before the session)' })).toBeRequired();
    expect(within(second).getByRole('textbox', { name: 'From (before the session)' })).toBeRequired();
    expect(within(second).getByRole('textbox', { name: 'Until (before the session)' })).not.toBeRequired();
    expect(within(first).getByRole('textbox', { name: 'Refund (%)' })).toBeRequired();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(await screen.findByRole('alert')).getByRole('link', { name: 'Name' })).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());

    await userEvent.type(name, 'Flexibel');
    await userEvent.type(within(first).getByRole('textbox', { name: 'Until (before the session)' }), '2');
    await userEvent.selectOptions(within(first).getByRole('combobox', { name: 'Unit of “Until (before the session)”' }), 'days');
    await userEvent.type(within(second).getByRole('textbox', { name: 'From (before the session)' }), '48');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/o1/rates'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      name: 'Flexibel',
      periods: [
        { from_minutes: null, until_minutes: 2880, refund_percent: 100 },
        { from_minutes: 2880, until_minutes: null, refund_percent: 0 },
      ],
    });
  });
});
