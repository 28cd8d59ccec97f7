/** Compiles src/ into dist/ unless dist/ already holds the current source; resolves to whether it compiled. */
export function buildService(): Promise<boolean>;
