// cel-go's cost constants (common/cost.go; cel-cost-model.md §1.1).

import { ONE, ZERO, fixed, type CostRange } from './range.js'

/** Reading a variable, or one field/index step. */
export const SELECT_AND_IDENT_COST: CostRange = ONE
/** A literal. */
export const CONST_COST: CostRange = ZERO
export const LIST_CREATE_BASE_COST: CostRange = fixed(10n)
export const MAP_CREATE_BASE_COST: CostRange = fixed(30n)
export const STRUCT_CREATE_BASE_COST: CostRange = fixed(40n)
/** Per character (or byte) of scanning a string once. */
export const STRING_TRAVERSAL_COST_FACTOR = 0.1
/** Per character of a regex pattern. */
export const REGEX_STRING_LENGTH_COST_FACTOR = 0.25
