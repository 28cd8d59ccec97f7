import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from '../../src/db/owners.js';
import { readModels, tableAccesses } from './table-access.js';

/**
 * A domain's tables are read and written only by that domain (the folder `src/<owner>/` named in
 * src/db/owners.ts); other domains call its service, passing their transaction client when the work must
 * commit together. Files outside a domain folder (transports, the composition root) touch no table at all.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const models = readModels(join(ROOT, 'prisma'));
const owners: Record<string, string> = TABLE_OWNERS;

function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', 'src'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((p) => p.endsWith('.ts') && !p.startsWith('src/db/generated/') && existsSync(join(ROOT, p)));
}

/** The domain folder a file belongs to (`src/<domain>/…`); null for files at the top of src/. */
const domainOf = (path: string) => {
  const parts = path.split('/');
  return parts.length > 2 ? parts[1]! : null;
};

describe('table ownership', () => {
  it('every model of the schema has exactly one owner, and every owner is a folder of src/', () => {
    expect(models.length).toBeGreaterThan(20);
    expect(models.map((m) => m.model).filter((m) => !owners[m])).toEqual([]);
    expect(Object.keys(owners).filter((m) => !models.some((x) => x.model === m))).toEqual([]);
    expect([...new Set(Object.values(owners))].filter((d) => !existsSync(join(ROOT, 'src', d)) || !statSync(join(ROOT, 'src', d)).isDirectory())).toEqual([]);
  });

  it('the scanner finds delegate calls, delegates handed on, tables named in SQL or to the row lock, and reads through relations', () => {
    const src = `
      const a = await this.deps.prisma
        .checkoutSession
        .findUnique({ where: { id } });
      await (tx ?? this.prisma).order.create({ data });
      const delegate = tx.invoice;
      await tx.$queryRawUnsafe(\`SELECT id FROM deposit_addresses WHERE id = $1 FOR UPDATE\`, id);
      await sql.query('UPDATE email_messages SET status = $1', ['sent']);
      withLockedRow(prisma, { table: 'subscriptions', id, read, missing }, fn, opts);
      await db.partner.findMany({ include: { keys: true } });
      await db.webhookDelivery.findMany({ where: { endpoint: { accountId } } });
      // not table access:
      const body = { order: { create: 1 } }; body.order.create; input.events.map(f);
      log.info('SELECT a nice name for the orders page');
    `;
    const found = tableAccesses('fixture.ts', src, models).map((a) => `${a.line}:${a.model}`);
    expect(found).toEqual([
      '2:CheckoutSession',
      '5:Order',
      '6:Invoice',
      '7:DepositAddress',
      '8:EmailMessage',
      '9:Subscription',
      '10:Partner',
      '10:PartnerKey',
      '11:WebhookDelivery',
      '11:WebhookEndpoint',
      '13:Order', // a body.order.create access looks like a delegate call: the scanner errs on the side of reporting
      '14:Order', // text with a statement keyword and a table name counts as SQL
    ]);
  });

  it('no code outside a domain touches its tables (no exceptions)', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const foreign: string[] = [];
    let seen = 0;
    for (const path of files) {
      const domain = domainOf(path);
      for (const a of tableAccesses(path, readFileSync(join(ROOT, path), 'utf8'), models)) {
        seen++;
        if (owners[a.model] !== domain) foreign.push(`${path}:${a.line} ${a.how} (${a.model} is ${owners[a.model]}'s)`);
      }
    }
    expect(seen, 'the scanner found the domains’ own table access').toBeGreaterThan(200);
    expect(foreign, "another domain's table: call the owner's service (with the transaction client when it must commit together)").toEqual([]);
  });
});
