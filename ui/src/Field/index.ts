export {
  Field,
  FieldLabel,
  FieldMessages,
  fieldClassNames,
  useFieldIds,
  type FieldControlProps,
  type FieldIds,
  type FieldLabelProps,
  type FieldProps,
} from './Field';
