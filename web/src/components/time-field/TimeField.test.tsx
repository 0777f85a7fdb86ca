import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, SubmitButton, TimeField } from '@/components/form';
import { renderWithProviders } from '@/testing/render';

function renderForm(onSubmit: (values: { start: string }) => void, initial = '') {
  renderWithProviders(
    <Form<{ start: string }> initialValues={{ start: initial }} onSubmit={async (values) => onSubmit(values)}>
      <TimeField name="start" label="Start" required />
      <SubmitButton>Save</SubmitButton>
    </Form>,
  );
}

describe('TimeField', () => {
  it('is a 24-hour text field, never the browser’s AM/PM time input', () => {
    renderForm(vi.fn(), '19:30');
    const input = screen.getByRole('textbox', { name: /Start/ });
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('19:30');
    expect(input).toHaveAttribute('placeholder', 'hh:mm');
    expect(screen.getByText('24-hour clock, for example 19:30')).toBeInTheDocument();
  });

  it('tidies what was typed when the user leaves it, and submits HH:MM', async () => {
    const submitted = vi.fn();
    renderForm(submitted);
    const input = screen.getByRole('textbox', { name: /Start/ });
    await userEvent.type(input, '930');
    await userEvent.tab();
    expect(input).toHaveValue('09:30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ start: '09:30' }));
  });

  it('names a time that cannot be, and sends nothing', async () => {
    const submitted = vi.fn();
    renderForm(submitted);
    await userEvent.type(screen.getByRole('textbox', { name: /Start/ }), '25:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fill in a time as hh:mm, for example 19:30')).toBeInTheDocument();
    expect(submitted).not.toHaveBeenCalled();
  });
});
