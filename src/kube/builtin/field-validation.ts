/** kubectl apply's --validate, the apiserver's fieldValidation: how unknown fields are treated. */
export type FieldValidation = 'strict' | 'warn' | 'ignore'
export const FIELD_VALIDATIONS: readonly FieldValidation[] = ['strict', 'warn', 'ignore']
