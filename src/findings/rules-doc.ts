/** Renders docs/rules.md from the catalogue, so the documentation cannot drift from the code. */
import { RULES } from './catalogue.js'

export function renderRulesDoc(): string {
  const rules = [...RULES.values()].sort((a, b) => a.id.localeCompare(b.id))
  const lines = [
    '# celgate rules',
    '',
    'Generated from `src/findings/catalogue.ts` by `npm run rules-doc`; a test fails when this file is out of date.',
    "Change a rule's severity or turn it off in `.celgate.yaml` under `rules:` (e.g. `crd/size-last-applied: error`).",
    '',
    '## Notices off by default in annotations and SARIF',
    '',
    'Notices a team cannot act on where they are found are not annotated (workflow commands, the check run) and not in the SARIF log, so code scanning opens no alert for them. They are still findings: counted, folded in the job summary and the PR comment, and each one is in the JSON report. Name such a rule under `rules:` with a severity (e.g. `cr/defaulted-field: notice`) to annotate it again.',
    '',
    ...rules
      .filter((r) => r.quietByDefault !== undefined)
      .map((r) => `- [\`${r.id}\`](#${ruleAnchor(r.id)}): ${r.quietByDefault}`),
    '',
    '## All rules',
    '',
    '| Rule | Default severity | Title |',
    '| --- | --- | --- |',
    ...rules.map(
      (r) => `| [\`${r.id}\`](#${ruleAnchor(r.id)}) | ${r.defaultSeverity} | ${r.title} |`
    ),
    ''
  ]
  for (const r of rules) {
    lines.push(
      `## ${r.id}`,
      '',
      `**${r.title}** — default severity: ${r.defaultSeverity}.`,
      '',
      r.description,
      ''
    )
    if (r.why !== undefined) lines.push(`**Why it exists:** ${r.why}`, '')
    lines.push(`**How to act on it:** ${r.help}`, '')
    if (r.quietByDefault !== undefined)
      lines.push(
        `**Off by default in annotations and SARIF:** ${r.quietByDefault} To annotate it, name it under \`rules:\` (\`${r.id}: notice\`).`,
        ''
      )
  }
  return lines.join('\n')
}

/** The heading anchor GitHub gives `## <id>` in docs/rules.md. */
export function ruleAnchor(id: string): string {
  return id.toLowerCase().replace(/[^a-z0-9 -]/g, '')
}
