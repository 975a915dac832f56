export { Fieldset, Form, FormActions, FormMessage, type FieldsetProps, type FormActionsProps, type FormMessageProps, type FormProps } from './Form';
