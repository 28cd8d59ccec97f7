/**
 * The deepest bracket nesting (`{`, `[`, `(`) of a GraphQL document, found by a linear scan that skips strings,
 * block strings and comments; stops counting once past `limit`. The parser recurses once (several frames) per
 * level of selections and value literals, so a document nested a few thousand deep, well inside the token limit,
 * would overflow the stack: such documents are refused before they are parsed.
 */
export function bracketDepth(source: string, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x22 /* " */) {
      if (source.startsWith('"""', i)) {
        // Block string: ends at the next unescaped """.
        i += 3;
        while (i < source.length && !source.startsWith('"""', i)) i += source.startsWith('\\"""', i) ? 4 : 1;
        i += 2;
      } else {
        i++;
        while (i < source.length && source.charCodeAt(i) !== 0x22 && source.charCodeAt(i) !== 0x0a) i += source.charCodeAt(i) === 0x5c ? 2 : 1;
      }
    } else if (c === 0x23 /* # */) {
      while (i < source.length && source.charCodeAt(i) !== 0x0a && source.charCodeAt(i) !== 0x0d) i++;
    } else if (c === 0x7b || c === 0x5b || c === 0x28) {
      if (++depth > max) max = depth;
      if (max > limit) return max;
    } else if (c === 0x7d || c === 0x5d || c === 0x29) depth--;
  }
  return max;
}
