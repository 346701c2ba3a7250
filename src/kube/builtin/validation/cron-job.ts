/**
 * A CronJob's own fields on create (kubernetes pkg/apis/batch/validation/validation.go, the
 * version with validateScheduleFormat's `allowTZInSchedule` and validTimeZoneCharacters:
 * validateCronJobSpec, validateScheduleFormat, validateTimeZone, ValidateJobTemplateSpec): the
 * schedule's syntax (cron-schedule.ts), no `TZ` in it on create, the time zone's name, and a job
 * template whose selector the controller generates.
 */
import { GoPointer, invalid, notSupported } from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import type { JsonObject } from '../../../common/json.js'
import type { ValidationContext } from './context.js'
import { cronScheduleError } from './cron-schedule.js'
import { fieldOf, objectOf, stringOf } from './json.js'
import { labelSelectorValue } from './labels.js'
import { loadLocationError } from './time-zones.js'

/** `validateScheduleFormat` on create (a schedule may not carry its own zone). */
export function validateSchedule(spec: JsonObject, path: FieldPath, errs: FieldError[]): void {
  const schedule = stringOf(spec, 'schedule')
  if (schedule === '') return
  const err = cronScheduleError(schedule)
  if (err !== undefined) errs.push(invalid(path, schedule, err))
  if (schedule.includes('TZ'))
    errs.push(
      invalid(path, schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead')
    )
}

/** Each `/`-separated part of a zone name (legacy names keep digits and `+`). */
const TIME_ZONE_PART = /^[A-Za-z.\-_0-9+]{1,14}$/

/** `validateTimeZone`: a tz database name, not `Local`. */
export function validateTimeZone(spec: JsonObject, path: FieldPath, errs: FieldError[]): void {
  const timeZone = fieldOf(spec, 'timeZone')
  if (typeof timeZone !== 'string') return
  const value = new GoPointer('string', timeZone)
  if (timeZone === '') {
    errs.push(invalid(path, value, 'timeZone must be nil or non-empty string'))
    return
  }
  for (const part of timeZone.split('/'))
    if (part === '.' || part === '..' || part.startsWith('-') || !TIME_ZONE_PART.test(part)) {
      errs.push(invalid(path, value, `unknown time zone ${timeZone}`))
      return
    }
  if (timeZone.toLowerCase() === 'local')
    errs.push(
      invalid(
        path,
        value,
        'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'
      )
    )
  const err = loadLocationError(timeZone)
  if (err !== undefined) errs.push(invalid(path, value, err))
}

/** `ValidateJobTemplateSpec`'s own rules: the controller generates the selector. */
export function validateJobTemplateSelector(
  jobSpec: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const selector = objectOf(jobSpec, 'selector')
  if (selector !== undefined)
    errs.push(
      invalid(
        path.child('selector'),
        labelSelectorValue(selector, ctx),
        '`selector` will be auto-generated'
      )
    )
  if (fieldOf(jobSpec, 'manualSelector') === true)
    errs.push(
      notSupported(path.child('manualSelector'), new GoPointer('bool', true), ['nil', 'false'])
    )
}
