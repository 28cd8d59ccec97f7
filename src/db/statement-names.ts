/**
 * A list whose length varies from run to run makes a text per length: Prisma writes `IN ($1,$2,…)` with a parameter
 * per element, and `createMany` a `VALUES (…), (…)` tuple per row. Such texts would fill the cache with shapes, so
 * they stay unnamed.
 */
const VARIABLE_LIST = /\bIN \(\$\d+,|\),\s*\(\$\d+/i;

/**
 * Names for the statements this process sends to Postgres often, so that each connection parses and plans them
 * once and then only binds and runs them (a named prepared statement: node-postgres prepares it on a connection the
 * first time that connection runs it, and sends only Bind/Execute after that).
 *
 * Why: Prisma 7's driver adapter sends every query unnamed, so Postgres parses and plans each one each time. The
 * event statement of src/events/outbox.ts plans in 0.14–0.3 ms and runs in 0.35–0.6 ms; with names, events committed
 * 18–78 % faster, and the machine's CPU per committed event fell from 2.32 ms to 1.92–2.05 ms (README, "Performance").
 * Prisma's earlier query engine kept a cache of 100 prepared statements per connection by default; this is that cache.
 *
 * Bounded: a text gets a name only once it has been seen `after` times (one-off statements never do), and at most
 * `max` texts ever get one, so each connection holds at most `max` prepared statements. node-postgres never forgets
 * a statement it prepared on a connection, so names are not recycled: a text past the cap stays unnamed.
 *
 * A text past the cap only runs as it does without a name. Postgres itself decides, after five runs of a prepared
 * statement, whether a generic plan is as cheap as the custom ones (plan_cache_mode auto) and keeps planning per run
 * where it is not.
 *
 * `max` 0 turns naming off: for a pooler that does not keep prepared statements across transactions (PgBouncer in
 * transaction mode, unless its max_prepared_statements is above 0), set DATABASE_STATEMENT_CACHE=0.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seen = new Map<string, number>();

  constructor(
    readonly max: number,
    private readonly after = 2,
  ) {}

  /**
   * The name `sql` runs under, or undefined: not seen often enough yet, the cache full (or off), or no parameters.
   * A text without parameters is never named: it may be several statements (a script), which a prepared statement
   * cannot be, and node-postgres sends it by the simple protocol, as it is.
   */
  name(sql: string, params: number): string | undefined {
    if (!params) return undefined;
    const named = this.names.get(sql);
    if (named !== undefined || this.names.size >= this.max || VARIABLE_LIST.test(sql)) return named;
    const n = (this.seen.get(sql) ?? 0) + 1;
    if (n < this.after) {
      // The texts counted but not named are bounded too: a stream of one-off texts must not grow this map forever.
      if (this.seen.size >= this.max * 10) this.seen.clear();
      this.seen.set(sql, n);
      return undefined;
    }
    this.seen.delete(sql);
    const name = `s${this.names.size}`;
    this.names.set(sql, name);
    return name;
  }

  /** How many texts have a name. */
  get size(): number {
    return this.names.size;
  }
}
