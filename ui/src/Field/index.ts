export { Field, FieldLabel, FieldMessages, fieldClassNames, useFieldIds, type FieldIds, type FieldLabelProps, type FieldProps } from './Field';
