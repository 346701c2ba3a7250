/** The shapes of the generated reports, as the tests read them. */
import type { GeneratedReport } from '../../../src/kyverno/reports/index.js'

export interface Entry {
  source: string
  policy: string
  rule: string
  result: string
  scored?: boolean
  message?: string
  category?: string
  severity?: string
  timestamp: { seconds: number; nanos: number }
  resources?: Array<Record<string, string>>
  properties?: Record<string, string>
}

export interface Report {
  apiVersion: string
  kind: string
  source?: string
  metadata: {
    name: string
    generateName?: string
    namespace?: string
    labels: Record<string, string>
    annotations?: Record<string, string>
    ownerReferences?: Array<Record<string, string>>
    [key: string]: unknown
  }
  spec: { owner?: unknown; summary: Record<string, number>; results: Entry[] }
  scope?: Record<string, string>
  summary?: Record<string, number>
  results: Entry[]
}

/** A generated report's object, read as a report. */
export const shape = (r: GeneratedReport): Report => r.object as unknown as Report

/** A sample document, read loosely. */
export interface Doc {
  apiVersion: string
  kind: string
  metadata: { name: string; namespace?: string; [key: string]: unknown }
  [key: string]: unknown
}
