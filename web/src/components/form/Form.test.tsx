import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFormikContext } from 'formik';
import { Form, FormActions, FormErrorSummary, SubmitButton, SwitchField, TextField, saveAndStay } from '@/components/form';
import { ApiError } from '@/lib/api-client';
import { useNotificationStore } from '@/stores/notification';

function DirtyState() {
  const { dirty } = useFormikContext();
  return <output aria-label="State">{dirty ? 'dirty' : 'clean'}</output>;
}

/** A one-field form whose submit is saveAndStay(save), and whether it is dirty. */
function renderSaveAndStay(save: (values: { name: string }) => Promise<unknown>) {
  render(
    <Form initialValues={{ name: 'Zwembad' }} onSubmit={saveAndStay(save, 'Opgeslagen')}>
      <TextField name="name" label="Name" />
      <DirtyState />
      <SubmitButton>Save</SubmitButton>
    </Form>,
  );
}

describe('Form', () => {
  it('saveAndStay: saves, takes the saved values as its own (not dirty before the screen reads them back) and says so', async () => {
    const save = vi.fn(async () => undefined);
    renderSaveAndStay(save);
    await userEvent.type(screen.getByLabelText('Name'), ' Noord');
    expect(screen.getByRole('status', { name: 'State' })).toHaveTextContent('dirty');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledWith({ name: 'Zwembad Noord' });
    expect(await screen.findByText('clean')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Zwembad Noord');
    expect(useNotificationStore.getState().current?.message).toBe('Opgeslagen');
  });

  it('saveAndStay: a refused save keeps the form dirty and says nothing', async () => {
    useNotificationStore.setState({ current: null });
    const save = vi.fn(async () => {
      throw new ApiError(422, 'Invalid', { name: 'Bestaat al' });
    });
    renderSaveAndStay(save);
    await userEvent.type(screen.getByLabelText('Name'), ' Noord');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bestaat al')).toBeInTheDocument();
    expect(screen.getByText('dirty')).toBeInTheDocument();
    expect(useNotificationStore.getState().current).toBeNull();
  });

  it('puts the API field errors of a 422 on the fields', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, 'Invalid', { name: 'De naam is verplicht' });
    });
    render(
      <Form initialValues={{ name: 'x', highlighted: false }} onSubmit={onSubmit}>
        <TextField name="name" label="Name" />
        <SwitchField name="highlighted" label="Highlighted" />
        <FormErrorSummary />
        <SubmitButton>Save</SubmitButton>
      </Form>,
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Highlighted' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('De naam is verplicht')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please fill in all the fields correctly')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'x', highlighted: true }, expect.anything());
  });

  it('shows client errors after a submit attempt, not before', async () => {
    const onSubmit = vi.fn();
    render(
      <Form initialValues={{ name: '' }} validate={(values) => (values.name ? {} : { name: 'Required' })} onSubmit={onSubmit}>
        <TextField name="name" label="Name" />
        <FormErrorSummary />
        <SubmitButton>Save</SubmitButton>
      </Form>,
    );
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all the fields correctly')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts a list row's API field error on that row's field", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, 'Invalid', { 'periods.1.until_minutes': "Period 2 needs an 'until'" });
    });
    render(
      <Form initialValues={{ periods: [{ until_minutes: '1' }, { until_minutes: '' }] }} onSubmit={onSubmit}>
        <TextField name="periods.0.until_minutes" label="Until 1" />
        <TextField name="periods.1.until_minutes" label="Until 2" />
        <SubmitButton>Save</SubmitButton>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Period 2 needs an 'until'")).toBeInTheDocument();
    expect(screen.getByLabelText('Until 2')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Until 1')).not.toHaveAttribute('aria-invalid');
  });

  it('names and links every invalid field in the summary, and focuses the first one', async () => {
    render(
      <Form
        initialValues={{ name: '', city: '', note: 'ok' }}
        validate={(values) => ({ ...(values.name ? {} : { name: 'Enter a name' }), ...(values.city ? {} : { city: 'Enter a city' }) })}
        onSubmit={vi.fn()}
      >
        <TextField name="note" label="Note" />
        <TextField name="name" label="Name" required />
        <TextField name="city" label="City" required />
        <FormErrorSummary />
        <SubmitButton>Save</SubmitButton>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const nameLink = await screen.findByRole('link', { name: 'Name' });
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Name', 'City']);
    expect(screen.getAllByText('Enter a name')).toHaveLength(1);
    expect(screen.getByLabelText(/Name/)).toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'City' }));
    expect(screen.getByLabelText(/City/)).toHaveFocus();
    await userEvent.click(nameLink);
    expect(screen.getByLabelText(/Name/)).toHaveFocus();
  });

  it('read-only: every field disabled, no buttons that would change anything', () => {
    render(
      <Form initialValues={{ name: 'Zwembad' }} onSubmit={vi.fn()} readOnly guardUnsaved>
        <TextField name="name" label="Name" />
        <FormActions>
          <SubmitButton>Save</SubmitButton>
        </FormActions>
      </Form>,
    );
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('Name')).toHaveValue('Zwembad');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByText('Fields marked * are required.')).not.toBeInTheDocument();
  });
});
