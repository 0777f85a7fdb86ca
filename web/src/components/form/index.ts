export { Form, FormErrorSummary, SubmitButton, type FormProps } from '@/components/form/Form';
export { SwitchField, TextAreaField, TextField, UploadFormField } from '@/components/form/fields';
