/** Field paths, field errors and the API error they add up to, as the apiserver prints them. */
export { FieldPath } from './path.js'
export {
  duplicate,
  errorBody,
  errorString,
  errorTypeText,
  forbidden,
  internalError,
  invalid,
  notFound,
  notSupported,
  required,
  sortByErrorString,
  tooLong,
  tooFew,
  tooMany,
  typeInvalid
} from './errors.js'
export type {
  DetailOptions,
  FieldError,
  FieldErrorType,
  RenderOptions,
  TooLongWording
} from './errors.js'
export {
  GoFloat,
  GoPointer,
  GoStringer,
  GoStruct,
  GoTypedMap,
  GoTypedSlice,
  OMIT_VALUE,
  compareGoStrings,
  formatBadValue,
  goJson,
  goQuote,
  valueStyleFor
} from './go-values.js'
export type { ValueStyle } from './go-values.js'
export { aggregateMessage, invalidStatus } from './aggregate.js'
export type { InvalidStatus, StatusCause } from './aggregate.js'
