export { Form, FormErrorSummary, SubmitButton, type FormProps } from '@/components/form/Form';
export {
  CheckboxListField,
  ColorFormField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  UploadFormField,
  UrlFormField,
  type SelectOption,
} from '@/components/form/fields';
