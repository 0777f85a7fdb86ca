import type { Meta, StoryObj } from '@storybook/react-vite';
import { Form, FormErrorSummary, SubmitButton, SwitchField, TextField } from '@/components/form';
import { ApiError } from '@/lib/api-client';

function Demo() {
  return (
    <Form
      initialValues={{ name: '', highlighted: false }}
      onSubmit={async () => {
        throw new ApiError(422, 'Invalid', { name: 'De naam is al in gebruik' });
      }}
    >
      <TextField name="name" label="Name" />
      <SwitchField name="highlighted" label="Highlighted" />
      <FormErrorSummary />
      <div className="form__actions">
        <SubmitButton>Save (answers a 422)</SubmitButton>
      </div>
    </Form>
  );
}

const meta = { title: 'Widgets/Form', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
export const ServerFieldErrors: StoryObj<typeof meta> = {};
