/**
 * `spec.conversion` (crd-validation-spec.md §2.6.2): the strategy, the webhook client config
 * (URL or service, caBundle) and the ConversionReview versions. Paths are the internal ones,
 * `spec.conversion.webhookClientConfig…` and `spec.conversion.conversionReviewVersions`.
 */
import { forbidden, invalid, notSupported, required } from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import { GoTypedSlice } from '../../fielderrors/index.js'
import { isDNS1035Label, isDNS1123Subdomain } from '../../apimachinery/names.js'
import { caBundleError } from './ca-bundle.js'
import { parseUrl, UrlError, type GoUrl } from '../../../go/net-url.js'
import type { CrdConversion, ServiceReference } from './internal.js'
import { pushAll } from '../../../common/arrays.js'

/** The ConversionReview versions this apiserver understands. */
const ACCEPTED_REVIEW_VERSIONS = ['v1', 'v1beta1']

/** `validateEnumStrings`. */
export function validateEnumString(
  path: FieldPath,
  value: string,
  accepted: readonly string[],
  isRequired: boolean
): FieldError[] {
  if (value === '') return isRequired ? [required(path)] : []
  return accepted.includes(value) ? [] : [notSupported(path, value, accepted)]
}

const URL_FORM = '; desired format: https://host[/path]'

/** `webhook.ValidateWebhookURL(path, url, forceHttps=true)`. */
export function validateWebhookUrl(path: FieldPath, url: string): FieldError[] {
  let u: GoUrl
  try {
    u = parseUrl(url)
  } catch (error) {
    if (!(error instanceof UrlError)) throw error
    return [required(path, `url must be a valid URL: ${error.message}${URL_FORM}`)]
  }
  const errs: FieldError[] = []
  const scheme = u.getScheme()
  if (scheme !== 'https')
    errs.push(invalid(path, scheme, `'https' is the only allowed URL scheme${URL_FORM}`))
  const host = u.getHost()
  if (host === '') errs.push(invalid(path, host, `host must be specified${URL_FORM}`))
  const user = u.userString()
  if (user !== undefined)
    errs.push(invalid(path, user, 'user information is not permitted in the URL'))
  const fragment = u.getFragment()
  if (fragment !== '') errs.push(invalid(path, fragment, 'fragments are not permitted in the URL'))
  const query = u.getRawQuery()
  if (query !== '') errs.push(invalid(path, query, 'query parameters are not permitted in the URL'))
  return errs
}

/**
 * `webhook.ValidateWebhookService(path, namespace, name, path, port)`. Quirk kept from the
 * apiserver: the CRD code passes the service's name and namespace in swapped order, so an empty
 * `name` is reported at `service.namespace` and an empty `namespace` at `service.name`.
 */
export function validateWebhookService(path: FieldPath, service: ServiceReference): FieldError[] {
  const namespaceArgument = service.name
  const nameArgument = service.namespace
  const errs: FieldError[] = []
  if (nameArgument === '') errs.push(required(path.child('name')))
  if (namespaceArgument === '') errs.push(required(path.child('namespace')))
  if (!Number.isInteger(service.port) || service.port < 1 || service.port > 65535)
    errs.push(
      invalid(
        path.child('port'),
        service.port,
        'port is not valid: must be between 1 and 65535, inclusive'
      )
    )
  const urlPath = service.path
  if (urlPath === undefined || urlPath === '/' || urlPath === '') return errs
  const pathField = path.child('path')
  if (urlPath === '//') return [...errs, invalid(pathField, urlPath, 'segment[0] may not be empty')]
  if (!urlPath.startsWith('/')) errs.push(invalid(pathField, urlPath, "must start with a '/'"))
  let toCheck = urlPath.slice(1)
  if (toCheck.endsWith('/')) toCheck = toCheck.slice(0, -1)
  toCheck.split('/').forEach((step, i) => {
    if (step === '') {
      errs.push(invalid(pathField, urlPath, `segment[${i}] may not be empty`))
      return
    }
    for (const failure of isDNS1123Subdomain(step))
      errs.push(invalid(pathField, urlPath, `segment[${i}]: ${failure}`))
  })
  return errs
}

/** `validateConversionReviewVersions`. */
function validateReviewVersions(
  versions: readonly string[],
  requireRecognized: boolean,
  path: FieldPath
): FieldError[] {
  if (versions.length === 0) return [required(path)]
  const errs: FieldError[] = []
  const seen = new Set<string>()
  let accepted = false
  versions.forEach((v, i) => {
    if (seen.has(v)) {
      errs.push(invalid(path.index(i), v, 'duplicate version'))
      return
    }
    seen.add(v)
    for (const message of isDNS1035Label(v)) errs.push(invalid(path.index(i), v, message))
    if (ACCEPTED_REVIEW_VERSIONS.includes(v)) accepted = true
  })
  if (requireRecognized && !accepted)
    errs.push(
      invalid(
        path,
        new GoTypedSlice('string', versions),
        `must include at least one of ${ACCEPTED_REVIEW_VERSIONS.join(', ')}`
      )
    )
  return errs
}

export interface ConversionOptions {
  requireRecognizedConversionReviewVersion: boolean
  allowInvalidCABundle: boolean
}

/** `validateCustomResourceConversion`. */
export function validateConversion(
  conversion: CrdConversion | undefined,
  options: ConversionOptions,
  path: FieldPath
): FieldError[] {
  if (conversion === undefined) return []
  const errs = validateEnumString(
    path.child('strategy'),
    conversion.strategy,
    ['None', 'Webhook'],
    true
  )
  const configPath = path.child('webhookClientConfig')
  const config = conversion.webhookClientConfig
  if (conversion.strategy === 'Webhook') {
    if (config === undefined)
      errs.push(required(configPath, 'required when strategy is set to Webhook'))
    else {
      if ((config.url === undefined) === (config.service === undefined))
        errs.push(required(configPath, 'exactly one of url or service is required'))
      else if (config.url !== undefined)
        pushAll(errs, validateWebhookUrl(configPath.child('url'), config.url))
      else if (config.service !== undefined)
        pushAll(errs, validateWebhookService(configPath.child('service'), config.service))
      if (config.caBundle.length > 0 && !options.allowInvalidCABundle) {
        const problem = caBundleError(config.caBundle)
        if (problem !== undefined)
          errs.push(
            invalid(
              configPath.child('caBundle'),
              Buffer.from(config.caBundle).toString('base64'),
              problem
            )
          )
      }
    }
    pushAll(
      errs,
      validateReviewVersions(
        conversion.conversionReviewVersions,
        options.requireRecognizedConversionReviewVersion,
        path.child('conversionReviewVersions')
      )
    )
  } else {
    if (config !== undefined)
      errs.push(forbidden(configPath, 'should not be set when strategy is not set to Webhook'))
    if (conversion.conversionReviewVersions.length > 0)
      errs.push(
        forbidden(
          path.child('conversionReviewVersions'),
          'should not be set when strategy is not set to Webhook'
        )
      )
  }
  return errs
}

/** Whether `versions` is empty or includes a ConversionReview version the server understands. */
export const hasValidConversionReviewVersionOrEmpty = (versions: readonly string[]): boolean =>
  versions.length === 0 || versions.some((v) => ACCEPTED_REVIEW_VERSIONS.includes(v))
