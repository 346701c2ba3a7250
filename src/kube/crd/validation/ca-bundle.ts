/**
 * Whether a webhook `caBundle` is usable as root certificates, with client-go's error text
 * (`transport.TLSConfigFor` → `rootCertPool`; crd-validation-spec.md §2.6.2): at least one PEM
 * `CERTIFICATE` block without headers must parse as an X.509 certificate.
 */
import { X509Certificate } from 'node:crypto'

interface PemBlock {
  type: string
  hasHeaders: boolean
  bytes: Uint8Array
}

const BEGIN = '-----BEGIN '
const END = '-----END '
const DASHES = '-----'

/** Go's `pem.Decode`: the first block in `text` and what follows it, or undefined. */
function decodePem(text: string): { block: PemBlock; rest: string } | undefined {
  let rest = text
  for (;;) {
    const start = rest.startsWith(BEGIN) ? 0 : rest.indexOf(`\n${BEGIN}`)
    if (start < 0) return undefined
    rest = rest.slice(start === 0 ? 0 : start + 1)
    const lineEnd = rest.indexOf('\n')
    const typeLine = (lineEnd < 0 ? rest : rest.slice(0, lineEnd)).replace(/[\r \t]+$/, '')
    if (!typeLine.endsWith(DASHES) || lineEnd < 0) {
      rest = rest.slice(BEGIN.length)
      continue
    }
    const type = typeLine.slice(BEGIN.length, -DASHES.length)
    const body = rest.slice(lineEnd + 1)
    const endMarker = `${END}${type}${DASHES}`
    const endAt = body.indexOf(endMarker)
    if (endAt < 0) {
      rest = rest.slice(BEGIN.length)
      continue
    }
    const content = body.slice(0, endAt)
    const lines = content.split('\n')
    let hasHeaders = false
    let i = 0
    while (i < lines.length && lines[i]!.includes(':')) {
      hasHeaders = true
      i++
    }
    const base64 = lines
      .slice(i)
      .join('')
      .replace(/[\r \t]/g, '')
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) {
      rest = rest.slice(BEGIN.length)
      continue
    }
    return {
      block: { type, hasHeaders, bytes: new Uint8Array(Buffer.from(base64, 'base64')) },
      rest: body.slice(endAt + endMarker.length)
    }
  }
}

function parsesAsCertificate(der: Uint8Array): string | undefined {
  try {
    new X509Certificate(der)
    return undefined
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
}

/** The TLS configuration error for `caBundle`, or undefined when it holds a usable CA. */
export function caBundleError(caBundle: Uint8Array): string | undefined {
  if (caBundle.length === 0) return undefined
  const text = Buffer.from(caBundle).toString('latin1')
  // AppendCertsFromPEM: any parsable certificate block makes the pool usable.
  for (let rest = text; ;) {
    const decoded = decodePem(rest)
    if (decoded === undefined) break
    rest = decoded.rest
    const { block } = decoded
    if (block.type !== 'CERTIFICATE' || block.hasHeaders) continue
    if (parsesAsCertificate(block.bytes) === undefined) return undefined
  }
  return `unable to load root certificates: ${parsingError(text)}`
}

/** client-go's `createErrorParsingCAData`: why no certificate was found. */
function parsingError(text: string): string {
  let rest = text
  while (rest.length > 0) {
    const decoded = decodePem(rest)
    if (decoded === undefined) return 'unable to parse bytes as PEM block'
    rest = decoded.rest
    const { block } = decoded
    if (block.type !== 'CERTIFICATE' || block.hasHeaders) continue
    const problem = parsesAsCertificate(block.bytes)
    if (problem !== undefined) return `failed to parse certificate: x509: ${problem}`
  }
  return 'no valid certificate authority data seen'
}
