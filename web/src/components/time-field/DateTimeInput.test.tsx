import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTimeField, Form, SubmitButton } from '@/components/form';
import { DateTimeFormInput, joinDateTime } from '@/components/time-field/DateTimeInput';
import { renderWithProviders } from '@/testing/render';

describe('a moment as a date and a 24-hour time', () => {
  it('joins the two parts as datetime-local did, tidying the time', () => {
    expect(joinDateTime('2027-01-15', '930')).toBe('2027-01-15T09:30');
    expect(joinDateTime('2027-01-15', '19.30')).toBe('2027-01-15T19:30');
    expect(joinDateTime('', '')).toBe('');
    expect(joinDateTime('2027-01-15', '25:00')).toBe('2027-01-15T25:00'); // left for the check to name
  });

  it('is a date field and our time field in a form, never datetime-local, and names what is missing', async () => {
    const submitted = vi.fn();
    renderWithProviders(
      <Form<{ at: string }> initialValues={{ at: '' }} onSubmit={async (values) => submitted(values)}>
        <DateTimeField name="at" label="Send on" required />
        <SubmitButton>Save</SubmitButton>
      </Form>,
    );
    expect(document.querySelector('input[type="datetime-local"]')).toBeNull();
    const date = screen.getByLabelText(/^Send on\*?$/);
    expect(date).toHaveAttribute('type', 'date');
    await userEvent.type(date, '2027-01-15');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fill in a date and a time as hh:mm, for example 19:30')).toBeInTheDocument();
    expect(submitted).not.toHaveBeenCalled();
    const time = screen.getByRole('textbox', { name: 'Send on: time' });
    await userEvent.type(time, '930');
    await userEvent.tab();
    expect(time).toHaveValue('09:30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ at: '2027-01-15T09:30' }));
  });

  it('sends a plain form its moment once whole', async () => {
    renderWithProviders(
      <form data-testid="plain">
        <DateTimeFormInput id="from" name="from" label="From" defaultValue="2026-11-25T12:00" />
      </form>,
    );
    const form = screen.getByTestId('plain') as HTMLFormElement;
    expect(new FormData(form).get('from')).toBe('2026-11-25T12:00');
    expect(screen.getByRole('textbox', { name: 'From: time' })).toHaveValue('12:00');
    await userEvent.clear(screen.getByRole('textbox', { name: 'From: time' }));
    expect(new FormData(form).get('from')).toBe('');
  });
});
