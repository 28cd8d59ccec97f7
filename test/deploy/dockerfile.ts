import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The Dockerfile's instructions, one per entry: continued lines joined, comments and blank lines left out. */
export const dockerfileInstructions = (): string[] =>
  readFileSync(join(ROOT, 'Dockerfile'), 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

/** The instructions of the final stage (from its FROM on). */
export const finalStage = (instructions: string[]): string[] => instructions.slice(instructions.findLastIndex((l) => /^FROM /i.test(l)));
