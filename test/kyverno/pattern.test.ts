import { describe, expect, it } from '@jest/globals'
import { parse } from 'yaml'
import { matchPattern, validateValue } from '../../src/kyverno/index.js'

const y = (text: string): unknown => parse(text) as unknown

const outcome = (resource: unknown, pattern: unknown): string => {
  const error = matchPattern(resource, pattern)
  if (error === undefined) return 'pass'
  return error.skip ? 'skip' : error.path === '' ? `error: ${error.message}` : `fail ${error.path}`
}

describe('scalar value patterns (pattern.Validate)', () => {
  it('compares missing values as zero in quantity comparisons', () => {
    expect(validateValue(undefined, '<5')).toBe(true)
    expect(validateValue(undefined, '>=2')).toBe(false)
    expect(validateValue(undefined, '!*')).toBe(false)
    expect(validateValue(undefined, null)).toBe(true)
  })

  it('reads numbers in strings as quantities and durations', () => {
    expect(validateValue('1024Mi', '1Gi')).toBe(true)
    expect(validateValue('0.2', '200m')).toBe(true)
    expect(validateValue('90s', '<2m')).toBe(true)
    expect(validateValue('256Mi', '128Mi-512Mi')).toBe(true)
    expect(validateValue('1Gi', '128Mi!-512Mi')).toBe(true)
  })

  it('matches strings with wildcards, alternatives and conjunctions', () => {
    expect(validateValue('nginx:1.2', '*:* & !*:latest')).toBe(true)
    expect(validateValue('nginx:latest', '*:* & !*:latest')).toBe(false)
    expect(validateValue('Always', 'IfNotPresent | Always')).toBe(true)
    expect(validateValue('!x', '!x')).toBe(true)
  })

  it('compares booleans and numbers by type', () => {
    expect(validateValue(true, true)).toBe(true)
    expect(validateValue('true', true)).toBe(false)
    expect(validateValue(8, 8)).toBe(true)
    expect(validateValue('8.0', 8)).toBe(true)
    expect(validateValue([], null)).toBe(false)
  })
})

describe('MatchPattern', () => {
  it('reports the failing path with a trailing slash', () => {
    const pattern = y('spec: {containers: [{image: "!*:latest"}]}')
    const resource = y('spec: {containers: [{image: nginx:1}, {image: nginx:latest}]}')
    expect(outcome(resource, pattern)).toBe('fail /spec/containers/1/image/')
  })

  it('says what differs for a value mismatch', () => {
    const error = matchPattern(y('spec: {replicas: 5}'), y('spec: {replicas: "<3"}'))
    expect(error?.message).toBe("resource value '5' does not match '<3' at path /spec/replicas/")
  })

  it('stops at a missing map with a structure error', () => {
    const error = matchPattern(y('metadata: {name: x}'), y('metadata: {labels: {app: "?*"}}'))
    expect(error?.path).toBe('/metadata/labels/')
    expect(error?.message).toBe(
      'pattern and resource have different structures. Path: /metadata/labels/. Expected map[string]interface {}, found <nil>'
    )
  })

  it('requires a key to exist when its pattern is "*"', () => {
    expect(outcome(y('spec: {a: 1}'), y('spec: {b: "*"}'))).toBe('fail /spec/')
    expect(outcome(y('spec: {b: 0}'), y('spec: {b: "*"}'))).toBe('pass')
  })

  it('skips when a condition anchor does not hold and fails when the then-part does not', () => {
    const pattern = y(`
metadata: {labels: {allow-docker: "true"}}
(spec):
  (volumes):
  - (hostPath): {path: /var/run/docker.sock}
`)
    const noSocket = y('metadata: {labels: {run: x}}\nspec: {volumes: [{hostPath: {path: /tmp}}]}')
    const socketNoLabel = y(
      'metadata: {labels: {run: x}}\nspec: {volumes: [{hostPath: {path: /var/run/docker.sock}}]}'
    )
    const socketAndLabel = y(
      'metadata: {labels: {allow-docker: "true"}}\nspec: {volumes: [{hostPath: {path: /var/run/docker.sock}}]}'
    )
    expect(outcome(noSocket, pattern)).toBe('skip')
    expect(outcome(socketNoLabel, pattern)).toBe('fail /metadata/labels/allow-docker/')
    expect(outcome(socketAndLabel, pattern)).toBe('pass')
  })

  it('checks keys holding anchors before plain keys (anypattern_skip_error)', () => {
    const pattern = y(`
metadata: {annotations: {service.beta.kubernetes.io/aws-load-balancer-internal: "true"}}
spec: {<(type): LoadBalancer}
`)
    const service = y('metadata: {name: s}\nspec: {type: ClusterIP}')
    const error = matchPattern(service, pattern)
    expect(error?.skip).toBe(true)
    expect(error?.message).toBe(
      "global anchor mismatch: resource value 'ClusterIP' does not match 'LoadBalancer' at path /spec/type/"
    )
  })

  it('applies a global anchor to the whole array of maps', () => {
    const pattern = y(
      'spec: {containers: [{name: "*", <(image): "*:latest", imagePullPolicy: "!Always"}]}'
    )
    expect(
      outcome(y('spec: {containers: [{name: a, image: "a:1", imagePullPolicy: Always}]}'), pattern)
    ).toBe('skip')
    expect(
      outcome(
        y('spec: {containers: [{name: a, image: "a:latest", imagePullPolicy: Always}]}'),
        pattern
      )
    ).toBe('fail /spec/containers/0/imagePullPolicy/')
  })

  it('treats equality anchors as "if present then"', () => {
    const pattern = y('spec: {=(hostNetwork): false}')
    expect(outcome(y('spec: {}'), pattern)).toBe('pass')
    expect(outcome(y('spec: {hostNetwork: true}'), pattern)).toBe('fail /spec/hostNetwork/')
  })

  it('fails negation anchors when the key is present', () => {
    const error = matchPattern(y('spec: {hostPath: {}}'), y('spec: {X(hostPath): null}'))
    expect(error?.path).toBe('/spec/hostPath/')
    expect(error?.message).toBe(
      'negation anchor matched in resource: /spec/hostPath/ is not allowed'
    )
  })

  it('needs every existence-anchor pattern matched by some element', () => {
    const pattern = y('spec: {^(containers): [{image: "nginx:*"}]}')
    expect(outcome(y('spec: {containers: [{image: busybox}, {image: "nginx:1"}]}'), pattern)).toBe(
      'pass'
    )
    expect(outcome(y('spec: {containers: [{image: busybox}]}'), pattern)).toBe(
      'fail /spec/containers/'
    )
  })

  it('reports a failure without a path when an anchor key was never found', () => {
    const pattern = y('spec: {^(containers): [{image: x}]}\nmetadata: {name: a}')
    expect(outcome(y('spec: {}\nmetadata: {name: b}'), pattern)).toBe(
      "error: resource value 'b' does not match 'a' at path /metadata/name/"
    )
    expect(outcome(y('spec: {containers: [{image: x}]}\nmetadata: {name: b}'), pattern)).toBe(
      'fail /metadata/name/'
    )
  })

  it('passes an empty resource array and skips when every element skips', () => {
    const pattern = y('spec: {containers: [{(name): web, image: "web:*"}]}')
    expect(outcome(y('spec: {containers: []}'), pattern)).toBe('pass')
    expect(outcome(y('spec: {containers: [{name: db, image: x}]}'), pattern)).toBe('skip')
    expect(outcome(y('spec: {containers: [{name: web, image: x}]}'), pattern)).toBe(
      'fail /spec/containers/0/image/'
    )
  })

  it('expands wildcard label keys to the first matching resource key', () => {
    const pattern = y('metadata: {labels: {"app.kubernetes.io/*": "?*"}}')
    expect(outcome(y('metadata: {labels: {app.kubernetes.io/name: web}}'), pattern)).toBe('pass')
    expect(outcome(y('metadata: {labels: {app.kubernetes.io/name: ""}}'), pattern)).toBe(
      'fail /metadata/labels/app.kubernetes.io/name/'
    )
  })

  it('does not change the pattern it is given', () => {
    const pattern = y('metadata: {labels: {"team-*": "?*"}}')
    const before = JSON.stringify(pattern)
    matchPattern(y('metadata: {labels: {team-a: x}}'), pattern)
    expect(JSON.stringify(pattern)).toBe(before)
  })

  it('matches every element of a resource array against a scalar pattern', () => {
    expect(outcome(y('spec: {args: [a, b]}'), y('spec: {args: "?"}'))).toBe('pass')
    expect(outcome(y('spec: {args: [a, bb]}'), y('spec: {args: "?"}'))).toBe('fail /spec/args/')
  })
})
