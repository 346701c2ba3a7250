/**
 * Go's time.Parse for the two layouts the API's timestamps use: metav1.Time decodes with
 * time.RFC3339 and metav1.MicroTime with RFC3339Micro (apimachinery meta/v1 time.go,
 * micro_time.go). Only the verdict matters here: undefined when Go accepts the text, else the
 * text of Go's *time.ParseError (time/format.go parse, ParseError.Error).
 */

export const RFC3339 = '2006-01-02T15:04:05Z07:00'
export const RFC3339_MICRO = '2006-01-02T15:04:05.000000Z07:00'

type Element = '2006' | '01' | '02' | '15' | '04' | '05' | '.000000' | 'Z07:00'

/** The layouts split into literal prefixes and elements, as nextStdChunk reads them. */
const CHUNKS: Record<string, Array<[string, Element]>> = {
  [RFC3339]: [
    ['', '2006'],
    ['-', '01'],
    ['-', '02'],
    ['T', '15'],
    [':', '04'],
    [':', '05'],
    ['', 'Z07:00']
  ],
  [RFC3339_MICRO]: [
    ['', '2006'],
    ['-', '01'],
    ['-', '02'],
    ['T', '15'],
    [':', '04'],
    [':', '05'],
    ['', '.000000'],
    ['', 'Z07:00']
  ]
}

const isDigit = (s: string, i: number): boolean => i < s.length && s[i]! >= '0' && s[i]! <= '9'

/** Go's getnum: one or two digits (exactly two when `fixed`). */
function getnum(s: string, fixed: boolean): [number, string] | undefined {
  if (!isDigit(s, 0)) return undefined
  if (!isDigit(s, 1)) return fixed ? undefined : [Number(s[0]), s.slice(1)]
  return [Number(s[0]) * 10 + Number(s[1]), s.slice(2)]
}

/** Go's quote: a double-quoted string (JSON's escapes agree for printable ASCII). */
const quote = (s: string): string => JSON.stringify(s)

const daysIn = (month: number, year: number): number =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31

/** The error time.Parse(layout, value) returns, or undefined when it parses. */
export function goTimeParseError(layout: string, value: string): string | undefined {
  const chunks = CHUNKS[layout]!
  const cannot = (valueElem: string, layoutElem: string): string =>
    `parsing time ${quote(value)} as ${quote(layout)}: cannot parse ${quote(valueElem)} as ${quote(layoutElem)}`
  const outOfRange = (what: string): string => `parsing time ${quote(value)}: ${what} out of range`
  let rest = value
  let year = 0
  let month = 0
  let day = 0
  for (let c = 0; c < chunks.length; c++) {
    const [prefix, element] = chunks[c]!
    if (!rest.startsWith(prefix)) return cannot(rest, prefix)
    rest = rest.slice(prefix.length)
    const hold = rest
    let range: string | undefined
    let bad = false
    switch (element) {
      case '2006': {
        const digits = rest.slice(0, 4)
        if (rest.length < 4 || !/^[+-]?\d+$/.test(digits)) bad = true
        else {
          year = Number(digits)
          rest = rest.slice(4)
        }
        break
      }
      case '01':
      case '02':
      case '15':
      case '04':
      case '05': {
        const n = getnum(rest, element !== '15')
        if (n === undefined) {
          bad = true
          break
        }
        rest = n[1]
        if (element === '01') {
          month = n[0]
          if (month <= 0 || month > 12) range = 'month'
        } else if (element === '02') day = n[0]
        else if (element === '15' && n[0] >= 24) range = 'hour'
        else if (element === '04' && n[0] >= 60) range = 'minute'
        else if (element === '05') {
          if (n[0] >= 60) range = 'second'
          // A fraction the layout does not spell out is still read (time/format.go, stdSecond).
          else if (chunks[c + 1]?.[1] !== '.000000' && /^[.,]\d/.test(rest)) {
            let end = 2
            while (isDigit(rest, end)) end++
            rest = rest.slice(end)
          }
        }
        break
      }
      case '.000000':
        if (rest.length < 7 || !/^[.,]\d{6}/.test(rest)) bad = true
        else rest = rest.slice(7)
        break
      case 'Z07:00':
        if (rest.startsWith('Z')) rest = rest.slice(1)
        else if (rest.length < 6 || rest[3] !== ':') bad = true
        else {
          const hours = getnum(rest.slice(1, 3), true)
          const minutes = getnum(rest.slice(4, 6), true)
          if (hours === undefined || minutes === undefined || (rest[0] !== '+' && rest[0] !== '-'))
            bad = true
          else if (hours[0] > 24) range = 'time zone offset hour'
          else if (minutes[0] > 60) range = 'time zone offset minute'
          else rest = rest.slice(6)
        }
        break
    }
    if (range !== undefined) return outOfRange(range)
    if (bad) return cannot(hold, element)
  }
  if (rest.length > 0) return `parsing time ${quote(value)}: extra text: ${quote(rest)}`
  if (day < 1 || day > daysIn(month, year)) return outOfRange('day')
  return undefined
}
