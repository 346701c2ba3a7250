/**
 * The internal CRD structs as error values (`spec.versions: Invalid value: […]`): Go field
 * names, in declaration order (JSON from 1.34, Go syntax before; crd-validation-spec.md §1.2).
 */
import { GoPointer, GoStruct, GoTypedSlice } from '../../fielderrors/index.js'
import { schemaPropsValue } from '../../schema/structural-internal-values.js'
import { warningValue } from './crd-versions.js'
import type {
  CrdVersion,
  CustomResourceValidation,
  PrinterColumn,
  SelectableField,
  Subresources
} from './internal.js'

const subresourcesValue = (s: Subresources | undefined): GoPointer =>
  new GoPointer(
    'apiextensions.CustomResourceSubresources',
    s === undefined
      ? undefined
      : new GoStruct('apiextensions.CustomResourceSubresources', [
          [
            'Status',
            new GoPointer(
              'apiextensions.CustomResourceSubresourceStatus',
              s.status === undefined
                ? undefined
                : new GoStruct('apiextensions.CustomResourceSubresourceStatus', [])
            )
          ],
          [
            'Scale',
            new GoPointer(
              'apiextensions.CustomResourceSubresourceScale',
              s.scale === undefined
                ? undefined
                : new GoStruct('apiextensions.CustomResourceSubresourceScale', [
                    ['SpecReplicasPath', s.scale.specReplicasPath],
                    ['StatusReplicasPath', s.scale.statusReplicasPath],
                    ['LabelSelectorPath', new GoPointer('string', s.scale.labelSelectorPath)]
                  ])
            )
          ]
        ])
  )

const validationValue = (v: CustomResourceValidation | undefined): GoPointer =>
  new GoPointer(
    'apiextensions.CustomResourceValidation',
    v === undefined
      ? undefined
      : new GoStruct('apiextensions.CustomResourceValidation', [
          [
            'OpenAPIV3Schema',
            new GoPointer(
              'apiextensions.JSONSchemaProps',
              v.openAPIV3Schema === undefined ? undefined : schemaPropsValue(v.openAPIV3Schema)
            )
          ]
        ])
  )

const columnsValue = (columns: readonly PrinterColumn[]): unknown =>
  columns.length === 0
    ? null
    : new GoTypedSlice(
        'apiextensions.CustomResourceColumnDefinition',
        columns.map(
          (c) =>
            new GoStruct('apiextensions.CustomResourceColumnDefinition', [
              ['Name', c.name],
              ['Type', c.type],
              ['Format', c.format],
              ['Description', c.description],
              ['Priority', c.priority],
              ['JSONPath', c.jsonPath]
            ])
        )
      )

const selectableValue = (fields: readonly SelectableField[]): unknown =>
  fields.length === 0
    ? null
    : new GoTypedSlice(
        'apiextensions.SelectableField',
        fields.map((f) => new GoStruct('apiextensions.SelectableField', [['JSONPath', f.jsonPath]]))
      )

/** `spec.Versions` as an error value. */
export const versionsValue = (versions: readonly CrdVersion[]): GoTypedSlice =>
  new GoTypedSlice(
    'apiextensions.CustomResourceDefinitionVersion',
    versions.map(
      (v) =>
        new GoStruct('apiextensions.CustomResourceDefinitionVersion', [
          ['Name', v.name],
          ['Served', v.served],
          ['Storage', v.storage],
          ['Deprecated', v.deprecated],
          ['DeprecationWarning', warningValue(v.deprecationWarning)],
          ['Schema', validationValue(v.schema)],
          ['Subresources', subresourcesValue(v.subresources)],
          ['AdditionalPrinterColumns', columnsValue(v.additionalPrinterColumns)],
          ['SelectableFields', selectableValue(v.selectableFields)]
        ])
    )
  )
