/** Kept in step with package.json by the build (scripts/build.mjs checks it). */
export const TOOL_NAME = 'celgate'
export const TOOL_VERSION = '0.1.0'
