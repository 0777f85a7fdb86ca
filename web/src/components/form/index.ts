export { Form, FormActions, FormErrorSummary, FormSection, SubmitButton, saveAndStay, useFormReadOnly, type FormProps } from '@/components/form/Form';
export {
  CheckboxListField,
  ChosenNamesField,
  ColorFormField,
  DateTimeField,
  FieldLabel,
  RequiredMark,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  TimeField,
  UploadFormField,
  UrlFormField,
  type SelectOption,
  type TextCounter,
} from '@/components/form/fields';
