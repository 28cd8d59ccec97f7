/** Compiles `root`'s src/ (this project's by default) into its dist/ unless dist/ already holds the current source; resolves to whether it compiled. */
export function buildService(root?: string): Promise<boolean>;
