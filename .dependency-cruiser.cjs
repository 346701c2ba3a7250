// The layering of src/ (DESIGN.md "Engines are libraries"; issue 31), checked in CI by
// `npm run layering`. Lowest first: common, go (Go standard-library behaviour) → cel → kube →
// kyverno → core → report → cli and action (the front ends).
const FRONT_ENDS = '^src/(action|cli)/'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'common-is-the-base',
      comment: 'src/common holds helpers every layer uses; it imports no other layer.',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^src/', pathNot: '^src/common/' }
    },
    {
      name: 'go-is-the-base',
      comment: "src/go ports Go's standard library; it imports only src/common.",
      severity: 'error',
      from: { path: '^src/go/' },
      to: { path: '^src/', pathNot: '^src/(go|common)/' }
    },
    {
      name: 'cel-is-a-library',
      comment:
        'src/cel knows nothing about Kubernetes, Kyverno or GitHub: it imports no other layer.',
      severity: 'error',
      from: { path: '^src/cel/' },
      to: { path: '^src/', pathNot: '^src/(cel|common|go)/' }
    },
    {
      name: 'kube-does-not-import-kyverno',
      comment:
        "src/kube is Kubernetes' behaviour; Kyverno builds on it, never the other way. " +
        'Move what both need into src/kube (or src/common).',
      severity: 'error',
      from: { path: '^src/kube/' },
      to: { path: '^src/kyverno/' }
    },
    {
      name: 'engines-know-nothing-of-the-pipeline',
      comment:
        'src/kube and src/kyverno are libraries: they import neither the pipeline (src/core, ' +
        'except the report types of src/core/result.ts), the reporters nor the front ends.',
      severity: 'error',
      from: { path: '^src/(kube|kyverno)/' },
      to: {
        path: '^src/(core|report|action|cli)/',
        pathNot: '^src/core/result[.]ts$'
      }
    },
    {
      name: 'front-ends-are-leaves',
      comment: 'Nothing imports the Action or the CLI; they are thin front ends over src/core.',
      severity: 'error',
      from: { pathNot: FRONT_ENDS },
      to: { path: FRONT_ENDS }
    },
    {
      name: 'only-the-action-imports-actions-toolkit',
      comment: 'Only src/action talks to GitHub Actions (@actions/*).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/action/' },
      to: { path: 'node_modules/@actions/' }
    },
    {
      name: 'no-unresolvable-imports',
      comment: 'An import that resolves to nothing is a typo or a deleted module.',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true }
    }
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(src/|node_modules/@actions/)',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.js', '.json'],
      conditionNames: ['import', 'require', 'node', 'default']
    }
  }
}
