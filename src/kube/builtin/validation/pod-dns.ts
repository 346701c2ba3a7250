/**
 * A PodSpec's name resolution (kubernetes pkg/apis/core/validation/validation.go at 000f26050b9b:
 * validatePodDNSConfig, ValidateHostAliases; apimachinery's IsValidIP, IsDNS1123Subdomain,
 * IsDNS1123SubdomainWithUnderscore), after v1 defaulting (dnsPolicy ClusterFirst). Addresses are
 * checked as `netutils.ParseIPSloppy` reads them (IPv4 octets with leading zeros pass).
 */
import { GoTypedSlice, invalid, required } from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import { isDNS1123Subdomain } from '../../apimachinery/names.js'
import { isIPSloppy } from '../../validation/formats/go-net.js'
import type { JsonObject } from '../../../common/json.js'
import type { ValidationContext } from './context.js'
import { itemsOf, listOf, objectOf, stringOf } from './json.js'

const MAX_NAMESERVERS = 3
const MAX_SEARCH_PATHS = 32
const MAX_SEARCH_LIST_CHARS = 2048
const INVALID_IP = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'

const texts = (o: JsonObject | undefined, key: string): string[] =>
  listOf(o, key).map((v) => (typeof v === 'string' ? v : ''))

/** `IsValidIP`. */
function validateIP(value: string, path: FieldPath, errs: FieldError[]): void {
  if (!isIPSloppy(value)) errs.push(invalid(path, value, INVALID_IP))
}

const LABEL_WITH_UNDERSCORE = '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?'
const SUBDOMAIN_WITH_UNDERSCORE = `${LABEL_WITH_UNDERSCORE}(\\.${LABEL_WITH_UNDERSCORE})*`
const SUBDOMAIN_WITH_UNDERSCORE_RE = new RegExp(`^${SUBDOMAIN_WITH_UNDERSCORE}$`)

/** `IsDNS1123SubdomainWithUnderscore`. */
function isDNS1123SubdomainWithUnderscore(value: string): string[] {
  const errs: string[] = []
  if (Buffer.byteLength(value, 'utf8') > 253) errs.push('must be no more than 253 characters')
  if (!SUBDOMAIN_WITH_UNDERSCORE_RE.test(value))
    errs.push(
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '" +
        SUBDOMAIN_WITH_UNDERSCORE +
        "')"
    )
  return errs
}

/** A `[]string` as an error value. */
const stringSlice = (items: string[]): GoTypedSlice => new GoTypedSlice('string', items)

/** `validatePodDNSConfig` for the PodSpec's `dnsConfig` at `path`. */
export function validatePodDNSConfig(
  spec: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const config = objectOf(spec, 'dnsConfig')
  const nameservers = texts(config, 'nameservers')
  if (stringOf(spec, 'dnsPolicy') === 'None') {
    if (config === undefined) {
      errs.push(required(path, 'must provide `dnsConfig` when `dnsPolicy` is None'))
      return
    }
    if (nameservers.length === 0) {
      errs.push(
        required(
          path.child('nameservers'),
          'must provide at least one DNS nameserver when `dnsPolicy` is None'
        )
      )
      return
    }
  }
  if (config === undefined) return
  if (nameservers.length > MAX_NAMESERVERS)
    errs.push(
      invalid(
        path.child('nameservers'),
        stringSlice(nameservers),
        `must not have more than ${MAX_NAMESERVERS} nameservers`
      )
    )
  nameservers.forEach((ns, i) => validateIP(ns, path.child('nameservers').index(i), errs))
  const searches = texts(config, 'searches')
  if (searches.length > MAX_SEARCH_PATHS)
    errs.push(
      invalid(
        path.child('searches'),
        stringSlice(searches),
        `must not have more than ${MAX_SEARCH_PATHS} search paths`
      )
    )
  if (Buffer.byteLength(searches.join(' '), 'utf8') > MAX_SEARCH_LIST_CHARS)
    errs.push(
      invalid(
        path.child('searches'),
        stringSlice(searches),
        `must not have more than ${MAX_SEARCH_LIST_CHARS} characters (including spaces) in the search list`
      )
    )
  searches.forEach((search, i) => {
    const at = path.child('searches').index(i)
    // One trailing dot is allowed (and, relaxed, the root domain itself).
    if (ctx.release.relaxedDNSSearchValidation) {
      if (search === '.') return
      const name = search.endsWith('.') ? search.slice(0, -1) : search
      for (const msg of isDNS1123SubdomainWithUnderscore(name)) errs.push(invalid(at, name, msg))
    } else {
      const name = search.endsWith('.') ? search.slice(0, -1) : search
      for (const msg of isDNS1123Subdomain(name)) errs.push(invalid(at, name, msg))
    }
  })
  for (const [i, option] of itemsOf(config, 'options'))
    if (stringOf(option, 'name') === '')
      errs.push(required(path.child('options').index(i), 'must not be empty'))
}

/** `ValidateHostAliases` for the PodSpec's `hostAliases` at `path`. */
export function validateHostAliases(spec: JsonObject, path: FieldPath, errs: FieldError[]): void {
  for (const [i, alias] of itemsOf(spec, 'hostAliases')) {
    validateIP(stringOf(alias, 'ip'), path.index(i).child('ip'), errs)
    texts(alias, 'hostnames').forEach((hostname, j) => {
      for (const msg of isDNS1123Subdomain(hostname))
        errs.push(invalid(path.index(i).child('hostnames').index(j), hostname, msg))
    })
  }
}
