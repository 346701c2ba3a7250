/**
 * The rule of a pull request's changes that make the gate weaker (core/gate-relaxation.ts). The
 * reporters put its findings first: the summary's top section, the first annotation slots.
 */
export const GATE_RELAXED = 'config/gate-relaxed'

export const isGateRelaxation = (f: { ruleId: string }): boolean => f.ruleId === GATE_RELAXED
