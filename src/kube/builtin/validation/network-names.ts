/**
 * Two apimachinery validators the networking kinds use, with their messages verbatim
 * (k8s.io/apimachinery pkg/util/validation/validation.go: IsWildcardDNS1123Subdomain for Ingress
 * hosts, IsDomainPrefixedPath for an IngressClass's controller). Lengths are UTF-8 bytes.
 */
import { invalid, required } from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import { isDNS1123Subdomain } from '../../apimachinery/names.js'

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?'
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`
const WILDCARD_FMT = `\\*\\.${DNS1123_SUBDOMAIN_FMT}`
const WILDCARD_RE = new RegExp(`^${WILDCARD_FMT}$`, 'u')
const WILDCARD_ERR =
  "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character"

const HTTP_PATH_FMT = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+"
const HTTP_PATH_RE = new RegExp(`^${HTTP_PATH_FMT}$`, 'u')

/** `IsWildcardDNS1123Subdomain`: `*.` and a DNS-1123 subdomain, at most 253 bytes. */
export function isWildcardDNS1123Subdomain(value: string): string[] {
  const errs: string[] = []
  if (Buffer.byteLength(value, 'utf8') > 253) errs.push('must be no more than 253 characters')
  if (!WILDCARD_RE.test(value))
    errs.push(
      `${WILDCARD_ERR} (e.g. '*.example.com', regex used for validation is '${WILDCARD_FMT}')`
    )
  return errs
}

/**
 * `IsDomainPrefixedPath`: a DNS-1123 subdomain, `/`, and HTTP path characters (RFC 3986), as
 * field errors at `path`.
 */
export function isDomainPrefixedPath(path: FieldPath, value: string): FieldError[] {
  if (value.length === 0) return [required(path)]
  const slash = value.indexOf('/')
  const host = slash < 0 ? value : value.slice(0, slash)
  const rest = slash < 0 ? '' : value.slice(slash + 1)
  if (slash < 0 || host.length === 0 || rest.length === 0)
    return [invalid(path, value, 'must be a domain-prefixed path (such as "acme.io/foo")')]
  const errs = isDNS1123Subdomain(host).map((msg) => invalid(path, host, msg))
  if (!HTTP_PATH_RE.test(rest))
    errs.push(invalid(path, rest, `Invalid path (regex used for validation is '${HTTP_PATH_FMT}')`))
  return errs
}
