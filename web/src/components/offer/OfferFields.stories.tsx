import type { Meta, StoryObj } from '@storybook/react-vite';
import { Form, FormActions, SubmitButton } from '@/components/form';
import { ContactsField, NumberOrEmptyField, QuestionsEditor, questionValues } from '@/components/offer/OfferFields';

function Questions() {
  return (
    <Form
      initialValues={questionValues([
        { id: 'q1', title: 'T-shirt size', type: 'single_select', required: true, options: ['S', 'M', 'L'], has_url: false },
        { id: 'q2', title: 'Allergies', type: 'text', required: false, options: [], has_url: true, url: 'https://example.test' },
      ])}
      onSubmit={async () => undefined}
    >
      <QuestionsEditor />
      <FormActions>
        <SubmitButton>Save</SubmitButton>
      </FormActions>
    </Form>
  );
}

function ContactsAndNumbers() {
  return (
    <Form
      initialValues={{ contacts: [{ contact_id: 'c1', roles: ['mail'] }], spots: null, age_min: 12 }}
      onSubmit={async () => undefined}
    >
      <ContactsField
        choices={[
          { value: 'c1', label: 'Anna de Vries' },
          { value: 'c2', label: 'Bram Jansen' },
        ]}
      />
      <NumberOrEmptyField name="spots" label="Spots (empty is unlimited)" max={100000} />
      <NumberOrEmptyField name="age_min" label="Minimum age" max={120} />
    </Form>
  );
}

const meta: Meta = { title: 'Offer/Fields' };
export default meta;

export const QuestionList: StoryObj = { render: () => <Questions /> };
export const Contacts: StoryObj = { render: () => <ContactsAndNumbers /> };
