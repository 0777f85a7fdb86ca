import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { emptySeries, SeriesEditor, type SeriesValues } from '@/features/activities/components/SeriesEditor';
import { i18n } from '@/lib/i18n';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const PREVIEW = { data: { count: 1, time_zone: 'Europe/Amsterdam', dates: [{ date: '2027-01-04' }] } };

function renderEditor({ initial, readOnly = false, onSubmit = vi.fn(async () => undefined) }: {
  initial?: Partial<SeriesValues>;
  readOnly?: boolean;
  onSubmit?: (values: SeriesValues) => Promise<unknown>;
} = {}) {
  // The unsaved-changes guard needs a data router.
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <SeriesEditor
            activityId="a1"
            initial={{ ...emptySeries('2027-01-04'), ...initial }}
            repetition
            readOnly={readOnly}
            submitLabel="Save"
            onSubmit={onSubmit}
            extra={<button type="button">Delete</button>}
          />
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return onSubmit;
}

describe('the series editor on the forms’ pattern', () => {
  const fetchMock = mockFetch(async () => new Response(JSON.stringify(PREVIEW)));
  afterEach(() => void i18n.changeLanguage('en'));

  it('groups its fields in sections with a side description', () => {
    renderEditor();
    const when = screen.getByRole('region', { name: 'When' });
    expect(within(when).getByLabelText(/^Date\W*$/)).toBeInTheDocument();
    expect(within(when).getByLabelText(/^Start\W*$/)).toBeInTheDocument();
    expect(within(when).getByText(/in the application's time zone/)).toBeInTheDocument();
    const booking = screen.getByRole('region', { name: 'Spots and booking' });
    expect(within(booking).getByLabelText(/^Spots\W*$/)).toBeInTheDocument();
    expect(within(booking).getByLabelText(/Subscribe from/)).toBeInTheDocument();
    const series = screen.getByRole('region', { name: 'Series' });
    expect(within(series).getByLabelText('Repeat', { exact: true })).toBeInTheDocument();
    // The action bar: the required note, Save and the screen's own button.
    expect(screen.getByText('Fields marked * are required.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('marks what the server requires, and only that', async () => {
    renderEditor({ initial: { repeats: true } });
    for (const name of [/^Date\W*$/, /^Start\W*$/, /^End\W*$/, /^Spots\W*$/]) expect(screen.getByLabelText(name)).toBeRequired();
    expect(screen.getByLabelText(/Subscribe from/)).not.toBeRequired();
    expect(screen.getByLabelText(/Subscribe until/)).not.toBeRequired();
    const rule = screen.getByRole('group', { name: 'Repetition' });
    expect(rule.querySelector('legend .required-mark')).not.toBeNull();
    expect(within(rule).getByRole('spinbutton', { name: 'Every how many' })).toBeRequired();
    expect(within(rule).getByLabelText('Repeat until')).toBeRequired();
  });

  it('says each bound in words under its field', async () => {
    renderEditor({ initial: { subscribe_from: '2880', subscribe_until: '90' } });
    expect(screen.getByText('48 hours before the start')).toBeInTheDocument();
    expect(screen.getByText('90 minutes before the start')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/Subscribe until/));
    expect(screen.getByText('No limit')).toBeInTheDocument();
  });

  it('names and links every missing field in the summary, focuses the first and sends nothing', async () => {
    const submitted = renderEditor({ initial: { date: '', spots: '' as unknown as number, repeats: true, every: 1, days: [], until: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Please fill in all the fields correctly');
    const links = within(summary).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['Date', 'Spots', 'Days', 'Repeat until']);
    await waitFor(() => expect(screen.getByLabelText(/^Date\W*$/)).toHaveFocus());
    expect(screen.getByText('Choose at least one day for a weekly repetition')).toBeInTheDocument();
    // A link in the summary takes the user to its field: the days' first chip.
    await userEvent.click(within(summary).getByRole('link', { name: 'Days' }));
    expect(screen.getByRole('button', { name: 'Mon' })).toHaveFocus();
    expect(submitted).not.toHaveBeenCalled();
  });

  it('sends a complete series once its fields are filled in', async () => {
    const submitted = renderEditor({ initial: { repeats: true, until: '2027-01-31' } });
    await userEvent.click(screen.getByRole('button', { name: 'Wed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Please fill in all the fields correctly')).not.toBeInTheDocument();
  });

  it('names the server’s refusal of a rule field in the summary', async () => {
    const { ApiError } = await import('@/lib/api-client');
    renderEditor({
      initial: { repeats: true, days: ['monday'], until: '2031-01-31' },
      onSubmit: async () => {
        throw new ApiError(422, 'invalid', { 'repetition.until': 'Too far' });
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Repeat until' })).toBeInTheDocument();
    expect(screen.getByText('Too far')).toBeInTheDocument();
  });

  it('reads in Dutch with Dutch sections', async () => {
    await i18n.changeLanguage('nl');
    renderEditor();
    expect(screen.getByRole('region', { name: 'Wanneer' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Plekken en inschrijven' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reeks' })).toBeInTheDocument();
  });

  it('is read-only for a reader: every field disabled, no button, no preview asked', async () => {
    renderEditor({ readOnly: true, initial: { repeats: true, days: ['tuesday'], until: '2027-01-31' } });
    expect(screen.getByLabelText(/^Date\W*$/)).toBeDisabled();
    expect(screen.getByLabelText(/^Spots\W*$/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Tue' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Tue' })).toHaveAttribute('aria-pressed', 'true');
    // The rule is still said as a sentence.
    expect(screen.getByTestId('series-sentence')).toHaveTextContent('Every week on Tue until 31 Jan 2027');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByText('Fields marked * are required.')).not.toBeInTheDocument();
    expect(screen.queryByTestId('series-preview')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
