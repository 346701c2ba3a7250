// The conformance cases where cel-go v0.26 (cel.dev/expr v0.24.0 data) does not produce what the
// spec expects: cel-go lists them in conformance/BUILD.bazel _TESTS_TO_SKIP. We behave like
// cel-go, so for these cases the suite runner asserts cel-go's outcome, established from cel-go's
// sources (v0.26.1) as each entry explains, instead of the spec's expectation. Entries whose
// skip in cel-go turned out to be historical (cel-go produces the spec's result) say so.

import type { Value } from '../../../src/cel/interpreter/index.js'

/** What cel-go does with a case, in the runner's terms. */
export type CelGoOutcome =
  /** Evaluates to this value. */
  | { readonly value: Value }
  /** Does what the spec expects: cel-go's skip is historical. */
  | { readonly asSpec: true }
  /** Evaluation fails with exactly this message. */
  | { readonly evalError: string }
  /** env.Program fails with exactly this message (cel-go's conformance test then fails). */
  | { readonly planError: string }
  /**
   * The checker deduces this type (cel-go's FormatCELType form); when the case also evaluates,
   * the value is the spec's.
   */
  | { readonly deducedType: string }

export interface CelGoDeviation {
  /** file/section/test, as cel-go names conformance cases. */
  readonly name: string
  /** The spec's expectation, for the reader. */
  readonly spec: string
  readonly celGo: CelGoOutcome
  readonly why: string
  /** Set when cel-go's behaviour could not be established: the case is reported as failed. */
  readonly unresolved?: string
}

export const CEL_GO_DEVIATIONS: readonly CelGoDeviation[] = [
  {
    name: 'fields/qualified_identifier_resolution/map_key_float',
    spec: "eval error 'unsupported key type'",
    celGo: { value: 5n },
    why:
      'cel-go builds map literals from any keys (interpreter evalMap, types.NewRefValMap) and ' +
      'the index qualifier finds the double key 1.0 directly (refValMapAccessor.Find).'
  },
  {
    name: 'fields/qualified_identifier_resolution/map_key_null',
    spec: "eval error 'unsupported key type'",
    celGo: { planError: 'invalid qualifier type: types.Null' },
    why:
      'the constant index null becomes an attribute qualifier while planning, and ' +
      "interpreter newQualifier has no case for types.Null: env.Program fails ('%T' of the value)."
  },
  {
    name: 'fields/qualified_identifier_resolution/map_value_repeat_key',
    spec: "eval error 'Failed with repeated key'",
    celGo: { value: 3n },
    why:
      'neither checker nor evalMap rejects repeated keys: later entries overwrite earlier ones ' +
      'in the Go map, so {true: 1, false: 2, true: 3}[true] is 3.'
  },
  {
    name: 'fields/qualified_identifier_resolution/map_value_repeat_key_heterogeneous',
    spec: "eval error 'Failed with repeated key'",
    celGo: { value: 1n },
    why:
      'Int(0) and Uint(0) are distinct Go map keys, so the literal builds; looking up 0.0 tries ' +
      'the lossless int conversion first (refValMapAccessor.Find) and finds 0: 1.'
  },
  {
    name: 'macros/exists/list_elem_type_exhaustive',
    spec: 'false',
    celGo: { asSpec: true },
    why:
      'historical skip, from when the spec expected no_such_overload: with heterogeneous equality ' +
      '(Int.Equal of a String is False) exists is false; cel-go dropped the skip in v0.27 (3cb5705).'
  },
  {
    name: 'macros/exists/map_key_type_exhaustive',
    spec: 'true',
    celGo: { asSpec: true },
    why:
      "historical skip, as list_elem_type_exhaustive: 'key' == 2 and 1 == 2 are both false, " +
      'so !exists is true; dropped from the skip list in v0.27 (3cb5705).'
  },
  {
    name: 'macros/map/map_extract_keys',
    spec: 'true',
    celGo: { asSpec: true },
    why:
      'skipped (cel-go 057d4c8) while the test mapped a four-entry map and depended on Go map ' +
      'order; cel-spec 4f40f4a (in v0.24.0) reduced it to one entry, which cel-go evaluates to ' +
      'true; dropped from the skip list in v0.27 (3cb5705).'
  },
  {
    name: 'optionals/optionals/map_optional_select_has',
    spec: 'false',
    celGo: { evalError: 'no such key: bar' },
    why:
      'the test-only qualifier .bar is applied to the optional.none() that .foo selected: ' +
      'types.Optional is no Mapper, Lister or Indexer, and with EnableErrorOnBadPresenceTest ' +
      'refQualify reports missingKey(bar) instead of false.'
  },
  {
    name: 'string_ext/value_errors/indexof_out_of_range',
    spec: "eval error 'index out of range: 30'",
    celGo: { value: true },
    why: 'ext/strings.go indexOfOffset returns -1 for an offset at or past the end (v0.26.1).'
  },
  {
    name: 'string_ext/value_errors/lastindexof_out_of_range',
    spec: "eval error 'index out of range: 30'",
    celGo: { value: true },
    why: 'ext/strings.go lastIndexOfOffset returns -1 for an offset at or past the end (v0.26.1).'
  },
  {
    name: 'timestamps/duration_converters/get_milliseconds',
    spec: '321 (the millisecond component)',
    celGo: { value: 123321n },
    why:
      'duration_to_milliseconds is types.DurationGetMilliseconds: Go Duration.Milliseconds(), ' +
      'the whole duration in milliseconds (123.321456789s → 123321).'
  },
  {
    name: 'type_deductions/wrappers/wrapper_promotion_2',
    spec: 'list(wrapper(int))',
    celGo: { deducedType: 'list(int)' },
    why:
      'joinTypes keeps mostGeneral(int, wrapper(int)); isEqualOrLessSpecific compares with ' +
      'IsExactType, which ignores nullability, so the first element type (int) wins.'
  },
  {
    name: 'type_deductions/legacy_nullable_types/null_assignable_to_message_parameter_candidate',
    spec: 'cel.expr.conformance.proto3.TestAllTypes',
    celGo: { deducedType: 'null' },
    why:
      'null is assignable to a message (isLegacyNullable) and mostGeneral(message, null) is null ' +
      '(kinds differ), so the list is list(null) and the index null; the value is the same.'
  },
  {
    name: 'type_deductions/legacy_nullable_types/null_assignable_to_duration_parameter_candidate',
    spec: 'google.protobuf.Duration',
    celGo: { deducedType: 'null' },
    why: 'as for messages: durations are legacy nullable, and mostGeneral(duration, null) is null.'
  },
  {
    name: 'type_deductions/legacy_nullable_types/null_assignable_to_timestamp_parameter_candidate',
    spec: 'google.protobuf.Timestamp',
    celGo: { deducedType: 'null' },
    why: 'as for messages: timestamps are legacy nullable, and mostGeneral(timestamp, null) is null.'
  },
  {
    name: 'type_deductions/legacy_nullable_types/null_assignable_to_abstract_parameter_candidate',
    spec: 'optional_type(int)',
    celGo: { deducedType: 'null' },
    why: 'opaque types are legacy nullable too, and mostGeneral(optional_type(int), null) is null.'
  }
]

export const CEL_GO_DEVIATIONS_BY_NAME: ReadonlyMap<string, CelGoDeviation> = new Map(
  CEL_GO_DEVIATIONS.map((d) => [d.name, d])
)
