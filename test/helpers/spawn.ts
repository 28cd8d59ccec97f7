/**
 * How tests start the service or the CLI as a real process: one Node process with tsx as a loader,
 * exactly as the npm scripts do. (The `tsx` CLI wrapper relays signals to a child process and
 * SIGKILLs it when the child does not acknowledge within 30 ms, which breaks graceful shutdown under load.)
 */
export const nodeWithTsx = (script: string, args: string[] = []): [string, string[]] => [process.execPath, ['--import', 'tsx', script, ...args]];
