import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  Form,
  FormActions,
  FormErrorSummary,
  FormSection,
  SelectField,
  SubmitButton,
  SwitchField,
  TextAreaField,
  TextField,
  UploadFormField,
} from '@/components/form';
import { ApiError } from '@/lib/api-client';
import { countryOptions } from '@/lib/countries';

function ServerErrors() {
  return (
    <Form
      initialValues={{ name: '', highlighted: false }}
      onSubmit={async () => {
        throw new ApiError(422, 'Invalid', { name: 'De naam is al in gebruik' });
      }}
    >
      <TextField name="name" label="Name" required />
      <SwitchField name="highlighted" label="Highlighted" />
      <FormErrorSummary />
      <FormActions>
        <SubmitButton>Save (answers a 422)</SubmitButton>
      </FormActions>
    </Form>
  );
}

function Sections() {
  return (
    <div style={{ width: 'min(1100px, 100%)' }}>
      <Form
        className="form form--sections"
        initialValues={{ name: '', kvk: '', description: '', logo_id: null, city: '', country: 'nl' }}
        onSubmit={async () => {
          throw new ApiError(401, 'Onjuiste gegevens');
        }}
      >
        <FormSection title="Organisation" description="How the organisation appears in the app and on the website.">
          <TextField name="name" label="Name" required wide />
          <TextField name="kvk" label="Chamber of Commerce number" hint="8 digits" />
          <TextAreaField name="description" label="Description" />
        </FormSection>
        <FormSection title="Images">
          <UploadFormField name="logo_id" label="Logo" rules={{ minDimensions: '300,300' }} uploader={async () => new Promise(() => undefined)} />
        </FormSection>
        <FormSection title="Address">
          <TextField name="city" label="City" />
          <SelectField name="country" label="Country" options={countryOptions('en')} emptyLabel="Choose a country" emptyValue="" />
        </FormSection>
        <FormErrorSummary />
        <FormActions>
          <SubmitButton>Save (answers a refusal of the whole form)</SubmitButton>
        </FormActions>
      </Form>
    </div>
  );
}

/** A text with a counter: advised 100 characters, at most 240 (the notification form's). */
function Counter() {
  return (
    <Form initialValues={{ contents: 'Hallo {first_name}, er is een nieuwe les in ons rooster. Schrijf je snel in, want vol is vol! Tot dan.' }} onSubmit={async () => undefined}>
      <TextAreaField
        name="contents"
        label="Contents"
        required
        counter={{
          advised: 100,
          max: 240,
          describe: (length, state) =>
            `${length} of 100 advised characters (at most 240)${state === 'over-advised' ? ': longer than advised' : state === 'over-max' ? ': too long' : ''}`,
        }}
      />
    </Form>
  );
}

const meta = { title: 'Patterns/Form', component: ServerErrors } satisfies Meta<typeof ServerErrors>;
export default meta;
export const ServerFieldErrors: StoryObj<typeof meta> = {};
/** Sections with headings, two columns on wide screens, required marks, rules before upload, a sticky action bar. */
export const SectionsAndStickyActions: StoryObj<typeof meta> = { render: () => <Sections /> };

export const TextWithCounter: StoryObj<typeof meta> = { render: () => <Counter /> };
