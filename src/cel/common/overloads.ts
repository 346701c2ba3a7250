// Function names and overload ids of cel-go's common/overloads and common/operators packages
// (v0.26). The checker records overload ids in the reference map and the interpreter and cost
// estimator dispatch on them, so both sides import them from here.

// Operator function names (cel-go common/operators).

export const OP_CONDITIONAL = '_?_:_'
export const OP_LOGICAL_AND = '_&&_'
export const OP_LOGICAL_OR = '_||_'
export const OP_LOGICAL_NOT = '!_'
export const OP_EQUALS = '_==_'
export const OP_NOT_EQUALS = '_!=_'
export const OP_LESS = '_<_'
export const OP_LESS_EQUALS = '_<=_'
export const OP_GREATER = '_>_'
export const OP_GREATER_EQUALS = '_>=_'
export const OP_ADD = '_+_'
export const OP_SUBTRACT = '_-_'
export const OP_MULTIPLY = '_*_'
export const OP_DIVIDE = '_/_'
export const OP_MODULO = '_%_'
export const OP_NEGATE = '-_'
export const OP_INDEX = '_[_]'
export const OP_OPT_INDEX = '_[?_]'
export const OP_OPT_SELECT = '_?._'

export const OP_NOT_STRICTLY_FALSE = '@not_strictly_false'
export const OP_IN = '@in'

// Boolean logic overloads
export const CONDITIONAL = 'conditional'
export const LOGICAL_AND = 'logical_and'
export const LOGICAL_OR = 'logical_or'
export const LOGICAL_NOT = 'logical_not'
export const NOT_STRICTLY_FALSE = 'not_strictly_false'
export const EQUALS = 'equals'
export const NOT_EQUALS = 'not_equals'
export const LESS_INT64_DOUBLE = 'less_int64_double'
export const LESS_INT64_UINT64 = 'less_int64_uint64'
export const LESS_UINT64_DOUBLE = 'less_uint64_double'
export const LESS_UINT64_INT64 = 'less_uint64_int64'
export const LESS_DOUBLE_INT64 = 'less_double_int64'
export const LESS_DOUBLE_UINT64 = 'less_double_uint64'
export const LESS_STRING = 'less_string'
export const LESS_BYTES = 'less_bytes'
export const LESS_EQUALS_INT64_DOUBLE = 'less_equals_int64_double'
export const LESS_EQUALS_INT64_UINT64 = 'less_equals_int64_uint64'
export const LESS_EQUALS_UINT64_DOUBLE = 'less_equals_uint64_double'
export const LESS_EQUALS_UINT64_INT64 = 'less_equals_uint64_int64'
export const LESS_EQUALS_DOUBLE_INT64 = 'less_equals_double_int64'
export const LESS_EQUALS_DOUBLE_UINT64 = 'less_equals_double_uint64'
export const LESS_EQUALS_STRING = 'less_equals_string'
export const LESS_EQUALS_BYTES = 'less_equals_bytes'
export const GREATER_INT64_DOUBLE = 'greater_int64_double'
export const GREATER_INT64_UINT64 = 'greater_int64_uint64'
export const GREATER_UINT64_DOUBLE = 'greater_uint64_double'
export const GREATER_UINT64_INT64 = 'greater_uint64_int64'
export const GREATER_DOUBLE_INT64 = 'greater_double_int64'
export const GREATER_DOUBLE_UINT64 = 'greater_double_uint64'
export const GREATER_STRING = 'greater_string'
export const GREATER_BYTES = 'greater_bytes'
export const GREATER_EQUALS_INT64_DOUBLE = 'greater_equals_int64_double'
export const GREATER_EQUALS_INT64_UINT64 = 'greater_equals_int64_uint64'
export const GREATER_EQUALS_UINT64_DOUBLE = 'greater_equals_uint64_double'
export const GREATER_EQUALS_UINT64_INT64 = 'greater_equals_uint64_int64'
export const GREATER_EQUALS_DOUBLE_INT64 = 'greater_equals_double_int64'
export const GREATER_EQUALS_DOUBLE_UINT64 = 'greater_equals_double_uint64'
export const GREATER_EQUALS_STRING = 'greater_equals_string'
export const GREATER_EQUALS_BYTES = 'greater_equals_bytes'

// Math overloads
export const ADD_INT64 = 'add_int64'
export const ADD_UINT64 = 'add_uint64'
export const ADD_DOUBLE = 'add_double'
export const ADD_STRING = 'add_string'
export const ADD_BYTES = 'add_bytes'
export const ADD_LIST = 'add_list'
export const ADD_TIMESTAMP_DURATION = 'add_timestamp_duration'
export const ADD_DURATION_TIMESTAMP = 'add_duration_timestamp'
export const ADD_DURATION_DURATION = 'add_duration_duration'
export const SUBTRACT_INT64 = 'subtract_int64'
export const SUBTRACT_UINT64 = 'subtract_uint64'
export const SUBTRACT_DOUBLE = 'subtract_double'
export const SUBTRACT_TIMESTAMP_TIMESTAMP = 'subtract_timestamp_timestamp'
export const SUBTRACT_TIMESTAMP_DURATION = 'subtract_timestamp_duration'
export const SUBTRACT_DURATION_DURATION = 'subtract_duration_duration'
export const MULTIPLY_INT64 = 'multiply_int64'
export const MULTIPLY_UINT64 = 'multiply_uint64'
export const MULTIPLY_DOUBLE = 'multiply_double'
export const DIVIDE_INT64 = 'divide_int64'
export const DIVIDE_UINT64 = 'divide_uint64'
export const DIVIDE_DOUBLE = 'divide_double'
export const MODULO_INT64 = 'modulo_int64'
export const MODULO_UINT64 = 'modulo_uint64'
export const NEGATE_INT64 = 'negate_int64'
export const NEGATE_DOUBLE = 'negate_double'

// Index overloads
export const INDEX_LIST = 'index_list'
export const INDEX_MAP = 'index_map'
export const IN_LIST = 'in_list'
export const IN_MAP = 'in_map'

// Size overloads
export const SIZE = 'size'
export const SIZE_STRING = 'size_string'
export const SIZE_BYTES = 'size_bytes'
export const SIZE_LIST = 'size_list'
export const SIZE_MAP = 'size_map'
export const SIZE_STRING_INST = 'string_size'
export const SIZE_BYTES_INST = 'bytes_size'
export const SIZE_LIST_INST = 'list_size'
export const SIZE_MAP_INST = 'map_size'

// String function names.
export const CONTAINS = 'contains'
export const ENDS_WITH = 'endsWith'
export const MATCHES = 'matches'
export const STARTS_WITH = 'startsWith'

// Extension overloads referenced by runtime and static cost computations.
export const EXT_QUOTE_STRING = 'strings_quote'

// String function overload names.
export const CONTAINS_STRING = 'contains_string'
export const ENDS_WITH_STRING = 'ends_with_string'
export const MATCHES_STRING = 'matches_string'
export const STARTS_WITH_STRING = 'starts_with_string'

// Extension overloads referenced by runtime and static cost computations.
export const EXT_FORMAT_STRING = 'string_format'

// Time-based functions.
export const TIME_GET_FULL_YEAR = 'getFullYear'
export const TIME_GET_MONTH = 'getMonth'
export const TIME_GET_DAY_OF_YEAR = 'getDayOfYear'
export const TIME_GET_DATE = 'getDate'
export const TIME_GET_DAY_OF_MONTH = 'getDayOfMonth'
export const TIME_GET_DAY_OF_WEEK = 'getDayOfWeek'
export const TIME_GET_HOURS = 'getHours'
export const TIME_GET_MINUTES = 'getMinutes'
export const TIME_GET_SECONDS = 'getSeconds'
export const TIME_GET_MILLISECONDS = 'getMilliseconds'

// Timestamp overloads for time functions without timezones.
export const TIMESTAMP_TO_YEAR = 'timestamp_to_year'
export const TIMESTAMP_TO_MONTH = 'timestamp_to_month'
export const TIMESTAMP_TO_DAY_OF_YEAR = 'timestamp_to_day_of_year'
export const TIMESTAMP_TO_DAY_OF_MONTH_ZERO_BASED = 'timestamp_to_day_of_month'
export const TIMESTAMP_TO_DAY_OF_MONTH_ONE_BASED = 'timestamp_to_day_of_month_1_based'
export const TIMESTAMP_TO_DAY_OF_WEEK = 'timestamp_to_day_of_week'
export const TIMESTAMP_TO_HOURS = 'timestamp_to_hours'
export const TIMESTAMP_TO_MINUTES = 'timestamp_to_minutes'
export const TIMESTAMP_TO_SECONDS = 'timestamp_to_seconds'
export const TIMESTAMP_TO_MILLISECONDS = 'timestamp_to_milliseconds'

// Timestamp overloads for time functions with timezones.
export const TIMESTAMP_TO_YEAR_WITH_TZ = 'timestamp_to_year_with_tz'
export const TIMESTAMP_TO_MONTH_WITH_TZ = 'timestamp_to_month_with_tz'
export const TIMESTAMP_TO_DAY_OF_YEAR_WITH_TZ = 'timestamp_to_day_of_year_with_tz'
export const TIMESTAMP_TO_DAY_OF_MONTH_ZERO_BASED_WITH_TZ = 'timestamp_to_day_of_month_with_tz'
export const TIMESTAMP_TO_DAY_OF_MONTH_ONE_BASED_WITH_TZ =
  'timestamp_to_day_of_month_1_based_with_tz'
export const TIMESTAMP_TO_DAY_OF_WEEK_WITH_TZ = 'timestamp_to_day_of_week_with_tz'
export const TIMESTAMP_TO_HOURS_WITH_TZ = 'timestamp_to_hours_with_tz'
export const TIMESTAMP_TO_MINUTES_WITH_TZ = 'timestamp_to_minutes_with_tz'
export const TIMESTAMP_TO_SECONDS_WITH_TZ = 'timestamp_to_seconds_tz'
export const TIMESTAMP_TO_MILLISECONDS_WITH_TZ = 'timestamp_to_milliseconds_with_tz'

// Duration overloads for time functions.
export const DURATION_TO_HOURS = 'duration_to_hours'
export const DURATION_TO_MINUTES = 'duration_to_minutes'
export const DURATION_TO_SECONDS = 'duration_to_seconds'
export const DURATION_TO_MILLISECONDS = 'duration_to_milliseconds'

// Type conversion methods and overloads
export const TYPE_CONVERT_INT = 'int'
export const TYPE_CONVERT_UINT = 'uint'
export const TYPE_CONVERT_DOUBLE = 'double'
export const TYPE_CONVERT_BOOL = 'bool'
export const TYPE_CONVERT_STRING = 'string'
export const TYPE_CONVERT_BYTES = 'bytes'
export const TYPE_CONVERT_TIMESTAMP = 'timestamp'
export const TYPE_CONVERT_DURATION = 'duration'
export const TYPE_CONVERT_TYPE = 'type'
export const TYPE_CONVERT_DYN = 'dyn'

// Int conversion functions.
export const INT_TO_INT = 'int64_to_int64'
export const UINT_TO_INT = 'uint64_to_int64'
export const DOUBLE_TO_INT = 'double_to_int64'
export const STRING_TO_INT = 'string_to_int64'
export const TIMESTAMP_TO_INT = 'timestamp_to_int64'
export const DURATION_TO_INT = 'duration_to_int64'

// Uint conversion functions.
export const UINT_TO_UINT = 'uint64_to_uint64'
export const INT_TO_UINT = 'int64_to_uint64'
export const DOUBLE_TO_UINT = 'double_to_uint64'
export const STRING_TO_UINT = 'string_to_uint64'

// Double conversion functions.
export const DOUBLE_TO_DOUBLE = 'double_to_double'
export const INT_TO_DOUBLE = 'int64_to_double'
export const UINT_TO_DOUBLE = 'uint64_to_double'
export const STRING_TO_DOUBLE = 'string_to_double'

// Bool conversion functions.
export const BOOL_TO_BOOL = 'bool_to_bool'
export const STRING_TO_BOOL = 'string_to_bool'

// Bytes conversion functions.
export const BYTES_TO_BYTES = 'bytes_to_bytes'
export const STRING_TO_BYTES = 'string_to_bytes'

// String conversion functions.
export const STRING_TO_STRING = 'string_to_string'
export const BOOL_TO_STRING = 'bool_to_string'
export const INT_TO_STRING = 'int64_to_string'
export const UINT_TO_STRING = 'uint64_to_string'
export const DOUBLE_TO_STRING = 'double_to_string'
export const BYTES_TO_STRING = 'bytes_to_string'
export const TIMESTAMP_TO_STRING = 'timestamp_to_string'
export const DURATION_TO_STRING = 'duration_to_string'

// Timestamp conversion functions
export const TIMESTAMP_TO_TIMESTAMP = 'timestamp_to_timestamp'
export const STRING_TO_TIMESTAMP = 'string_to_timestamp'
export const INT_TO_TIMESTAMP = 'int64_to_timestamp'

// Convert duration from string
export const DURATION_TO_DURATION = 'duration_to_duration'
export const STRING_TO_DURATION = 'string_to_duration'
// Declared by cel-go v0.17 through v0.27 only (removed in v0.28).
export const INT_TO_DURATION = 'int64_to_duration'

// Convert to dyn
export const TO_DYN = 'to_dyn'
