// The semver and format libraries (apiserver library/semver_test.go and format_test.go facts).

import { describe, expect, test } from '@jest/globals'
import { errorOf, evaluate, valueOf } from './evaluate.js'

describe('the semver library', () => {
  test.each([
    ['isSemver("1.2.3-beta.1+build.1")', true],
    ['isSemver("")', false],
    ['isSemver("v1.0.0")', false],
    ['isSemver(" 1.0.0")', false],
    ['isSemver("01.01.01")', false],
    ['isSemver("1.1")', false],
    ['isSemver("v1.0.0", true)', true],
    ['isSemver("01.01.01", true)', true],
    ['isSemver("1", true)', true],
    ['isSemver("1.1", true)', true],
    ['isSemver(" 1.0.0", true)', false],
    ['semver("v01.01", true) == semver("1.1.0")', true],
    ['semver("1.2.3") == semver("1.2.3+build")', true],
    ['semver("1.0.0").isLessThan(semver("1.2.3"))', true],
    ['semver("1.0.0-alpha").isLessThan(semver("1.0.0"))', true],
    ['semver("1.0.0-alpha.1").compareTo(semver("1.0.0-alpha.beta"))', -1],
    ['semver("1.0.0-2").compareTo(semver("1.0.0-10"))', -1],
    ['semver("1.2.3").compareTo(semver("1.0.0"))', 1],
    ['semver("1.2.3").major()', 1],
    ['semver("1.2.3").minor()', 2],
    ['semver("1.2.3").patch()', 3],
    ['semver("1234.56789012345.67890123456789").patch()', 67890123456789]
  ])('%s is %j', (expression, value) => {
    expect(valueOf(expression)).toEqual(value)
  })

  test.each([
    ['semver("v1.0")', 'No Major.Minor.Patch elements found'],
    ['semver("")', 'Version string empty'],
    ['semver("01.0.0")', 'Major number must not contain leading zeroes "01"'],
    ['semver("1.0.x")', 'Invalid character(s) found in patch number "x"'],
    ['semver("1.0.0-")', 'Prerelease is empty'],
    ['semver("1.0.0+")', 'Build meta data is empty'],
    ['semver("1.0-beta", true)', 'short version cannot contain PreRelease/Build meta data'],
    [
      'semver("1.0.99999999999999999999")',
      'strconv.ParseUint: parsing "99999999999999999999": value out of range'
    ]
  ])('%s fails: %s', (expression, message) => {
    expect(errorOf(expression)).toBe(message)
  })

  test('semver arrives in 1.33', () => {
    expect(evaluate('isSemver("1.0.0")', { version: '1.32' }).compileError).toMatch(
      /undeclared reference to 'isSemver'/
    )
    expect(evaluate('isSemver("1.0.0")', { version: '1.34', mode: 'new' }).value).toBe(true)
  })
})

const LABEL_ERROR =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
const SUBDOMAIN_ERROR =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
const DNS1035_ERROR =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"
const NAME_PART_ERROR =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"

describe('the format library', () => {
  test.each([
    ['format.dns1123Label().validate("my-label-name")', undefined],
    ['format.dns1123Subdomain().validate("apiextensions.k8s.io")', undefined],
    ['format.qualifiedName().validate("apiextensions.k8s.io/v1beta1")', undefined],
    ['format.dns1123LabelPrefix().validate("my-label-prefix-")', undefined],
    ['format.dns1123SubdomainPrefix().validate("mysubdomain.prefix.-")', undefined],
    ['format.dns1035LabelPrefix().validate("my-label-prefix-")', undefined],
    ['format.uri().validate("http://example.com")', undefined],
    ['format.uuid().validate("123e4567-e89b-12d3-a456-426614174000")', undefined],
    ['format.byte().validate("aGVsbG8=")', undefined],
    ['format.date().validate("2021-01-01")', undefined],
    ['format.datetime().validate("2021-01-01T00:00:00Z")', undefined],
    ['format.labelValue().validate("my-cool-label-Value")', undefined],
    ['format.dns1123Label().validate("contains a space")', [LABEL_ERROR]],
    ['format.dns1123Label().validate("a.b")', ['must not contain dots']],
    ['format.dns1123Subdomain().validate("contains a space")', [SUBDOMAIN_ERROR]],
    ['format.dns1035Label().validate("contains a space")', [DNS1035_ERROR]],
    ['format.qualifiedName().validate("contains a space")', [NAME_PART_ERROR]],
    ['format.dns1123LabelPrefix().validate("contains a space-")', [LABEL_ERROR]],
    ['format.byte().validate("aGVsbG8")', ['invalid base64']],
    ['format.date().validate("2020-01-32")', ['invalid date']],
    ['format.date().validate("2021-02-29")', ['invalid date']],
    ['format.date().validate("2020-02-29")', undefined],
    ['format.datetime().validate("2020-01-32T00:00:00Z")', ['invalid datetime']],
    ['format.datetime().validate("2020-01-01T24:00:00Z")', ['invalid datetime']],
    ['format.uuid().validate("not-a-uuid")', ['does not match the UUID format']],
    ['format.uri().validate("example")', ['parse "example": invalid URI for request']],
    ['format.named("dns1123Label").value().validate("x.y")', ['must not contain dots']],
    ['format.named("unknown").hasValue()', false],
    ['format.named("uri").value() == format.uri()', true],
    ['format.named("uri").value() == format.uuid()', false]
  ])('%s is %j', (expression, value) => {
    expect(valueOf(expression)).toEqual(value)
  })

  test('label key messages follow apimachinery’s content package from 1.35', () => {
    const tooLong = `format.qualifiedName().validate("${'a'.repeat(64)}")`
    expect(valueOf(tooLong, { version: '1.34' })).toEqual([
      'name part must be no more than 63 characters'
    ])
    expect(valueOf(tooLong, { version: '1.35' })).toEqual([
      'name part must be no more than 63 bytes'
    ])
    const slashes = 'format.qualifiedName().validate("a/b/c")'
    expect((valueOf(slashes, { version: '1.34' }) as string[])[0]).toMatch(/^a qualified name /)
    expect((valueOf(slashes, { version: '1.35' }) as string[])[0]).toMatch(/^a valid label key /)
  })
})
