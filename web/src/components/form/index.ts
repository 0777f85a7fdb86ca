export { Form, FormErrorSummary, SubmitButton, type FormProps } from '@/components/form/Form';
export { SwitchField, TextField, UploadFormField } from '@/components/form/fields';
