/**
 * The comment word that suppresses a finding inline (core/suppressions.ts). The loader notes
 * which files mention it, so that applying suppressions reads only those files again.
 */
export const IGNORE_DIRECTIVE = 'celgate-ignore'
