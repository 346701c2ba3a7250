/**
 * The `cr/rejected` 404 names only the versions the CRD serves: a version declared with
 * `served: false` answers 404 like an undeclared one (apiextensions-apiserver 1aa2717a5
 * pkg/apiserver/customresource_handler.go: `!apiextensionshelpers.HasServedCRDVersion` hands the
 * request to the delegate, which answers NotFound), so listing it as served would send the user
 * to a version that does not work either.
 */
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { analyzeCustomResources } from '../../../src/kube/cr/index.js'
import { discover } from '../../../src/workspace/discover.js'
import { loadFiles } from '../../../src/workspace/parse-pool.js'
import { Workspace } from '../../../src/workspace/workspace.js'

const version = (name: string, served: boolean, storage: boolean): string => `
  - name: ${name}
    served: ${served}
    storage: ${storage}
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-preserve-unknown-fields: true`

const crd = (versions: string): string => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gadgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: { plural: gadgets, singular: gadget, kind: Gadget, listKind: GadgetList }
  versions:${versions}
`

async function rejections(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-rejected-'))
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text)
    const found = await discover(dir)
    const loaded = await loadFiles(found.files, { maxFileSize: 1024 * 1024 })
    const ws = new Workspace(found.root, found.repoRoot, found.files, loaded)
    return analyzeCustomResources(ws, { kubernetesVersions: ['1.35'] })
      .findings.filter((f) => f.ruleId === 'cr/rejected')
      .map((f) => f.message)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const gadget = (apiVersion: string): string =>
  `apiVersion: ${apiVersion}\nkind: Gadget\nmetadata:\n  name: g\n  namespace: default\n`

describe('cr/rejected for a version the CRD does not serve', () => {
  it('does not list a served: false version as served', async () => {
    const messages = await rejections({
      'crd.yaml': crd(version('v1', true, true) + version('v2', false, false)),
      'gadget.yaml': gadget('example.com/v2')
    })
    expect(messages).toEqual([
      'The CRD gadgets.example.com does not serve example.com/v2 (it serves v1): the apiserver answers "the server could not find the requested resource".'
    ])
  })

  it('says so when the CRD serves no version at all', async () => {
    const messages = await rejections({
      'crd.yaml': crd(version('v1', false, true)),
      'gadget.yaml': gadget('example.com/v1')
    })
    expect(messages).toEqual([
      'The CRD gadgets.example.com does not serve example.com/v1 (it serves no version): the apiserver answers "the server could not find the requested resource".'
    ])
  })
})
