import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, SubmitButton } from '@/components/form';
import { emptySeries, RepetitionSentence, sessionInput, type SeriesValues } from '@/features/activities/components/SeriesEditor';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';

function renderSentence(initial: Partial<SeriesValues>, onSubmit = vi.fn()) {
  renderWithProviders(
    <Form<SeriesValues> initialValues={{ ...emptySeries('2027-01-04'), repeats: true, ...initial }} onSubmit={async (values) => onSubmit(values)}>
      <RepetitionSentence />
      <SubmitButton>Save</SubmitButton>
    </Form>,
  );
  return onSubmit;
}

describe('the series rule as a sentence', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it('reads "Every 1 week on Mon Wed until …", with day chips that toggle', async () => {
    const submitted = renderSentence({ until: '2027-01-31' });
    const rule = screen.getByRole('group', { name: 'Repetition' });
    expect(rule).toHaveTextContent(/Every.*on.*until/);
    const days = within(rule).getByRole('group', { name: 'Days' });
    const monday = within(days).getByRole('button', { name: 'Mon' });
    expect(monday).toHaveAttribute('aria-pressed', 'false');
    // Chosen out of order, the rule keeps the week's order.
    await userEvent.click(within(days).getByRole('button', { name: 'Wed' }));
    await userEvent.click(monday);
    expect(monday).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('series-sentence')).toHaveTextContent('Every week on Mon and Wed until 31 Jan 2027');
    // A second tap takes a day off again.
    await userEvent.click(within(days).getByRole('button', { name: 'Fri' }));
    await userEvent.click(within(days).getByRole('button', { name: 'Fri' }));
    expect(within(days).getByRole('button', { name: 'Fri' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    const values = submitted.mock.calls[0][0] as SeriesValues;
    expect(sessionInput(values).repetition).toEqual({ type: 'weeks', every: 1, days: ['monday', 'wednesday'], until: '2027-01-31' });
  });

  it('says the interval and its unit together, and has no days for a monthly rule', async () => {
    renderSentence({ until: '2027-06-30' });
    const every = screen.getByRole('spinbutton', { name: 'Every how many' });
    await userEvent.clear(every);
    await userEvent.type(every, '2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'months');
    expect(screen.getByRole('option', { name: 'months' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Days' })).not.toBeInTheDocument();
    expect(screen.getByTestId('series-sentence')).toHaveTextContent('Every 2 months until 30 Jun 2027');
  });

  it('reads as a Dutch sentence in Dutch', async () => {
    await i18n.changeLanguage('nl');
    renderSentence({ days: ['monday', 'wednesday'], until: '2027-01-31' });
    expect(screen.getByRole('group', { name: 'Herhaling' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ma' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('series-sentence')).toHaveTextContent('Elke week op ma en wo tot 31 jan 2027');
  });

  it('shows the server’s refusal of a rule field under the sentence', async () => {
    renderWithProviders(
      <Form<SeriesValues>
        initialValues={{ ...emptySeries('2027-01-04'), repeats: true }}
        onSubmit={async (_values, helpers) => helpers.setErrors({ days: 'Choose at least one day' })}
      >
        <RepetitionSentence />
        <SubmitButton>Save</SubmitButton>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one day')).toBeInTheDocument();
  });
});
