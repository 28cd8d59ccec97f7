import { EVENT_TYPE_NAMES } from './catalog.js';

/**
 * Event-type patterns, as webhook endpoints (`enabledEvents`), the events list (`type`) and the `events`
 * subscription (`types`) take them: `*` (everything), an exact type, or `<prefix>.*` (every type starting with
 * `<prefix>.`). The one definition of what a pattern is and what it matches; the SQL fan-out below says the
 * same thing in SQL, so an endpoint receives exactly what the list and the stream would show.
 */

/** A pattern worth accepting: `*`, a known type, or `<prefix>.*` covering at least one known type. */
export function isValidEventPattern(p: string): boolean {
  if (p === '*') return true;
  if (p.endsWith('.*')) {
    const prefix = p.slice(0, -1);
    return EVENT_TYPE_NAMES.some((t) => t.startsWith(prefix));
  }
  return EVENT_TYPE_NAMES.includes(p);
}

export function matchesEventPattern(pattern: string, type: string): boolean {
  return pattern === '*' || pattern === type || (pattern.endsWith('.*') && type.startsWith(pattern.slice(0, -1)));
}

/** Whether any of `patterns` matches `type` (the `events` subscription filter). */
export const matchesPattern = (patterns: readonly string[], type: string) => patterns.some((p) => matchesEventPattern(p, type));

/** SQL condition: does a pattern of the text[] column `patterns` match the event type in parameter `typeParam`? */
export const sqlAnyEventPatternMatches = (patterns: string, typeParam: string) =>
  `EXISTS (SELECT 1 FROM unnest(${patterns}) AS p WHERE p = '*' OR p = ${typeParam} OR (right(p, 2) = '.*' AND starts_with(${typeParam}, left(p, -1))))`;

/** A Prisma filter on an event `type` column for one pattern; undefined for `*` (no filter). */
export function eventTypeFilter(pattern: string): string | { startsWith: string } | undefined {
  if (pattern === '*') return undefined;
  return pattern.endsWith('.*') ? { startsWith: pattern.slice(0, -1) } : pattern;
}
