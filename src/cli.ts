import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDb, type Db } from './db/client.js';
import { systemClock } from './clock.js';
import { PartnersService, type UpdatePartner } from './partners/service.js';
import { CLI_WRITE } from './admin/outbox.js';
import { migrate } from './db/migrate.js';
import { AccountsService } from './accounts/service.js';
import { isApiError } from './errors.js';
import { MailService } from './mail/service.js';
import { createLogger } from './log.js';

/**
 * Operator commands. Each opens the configured database (PGlite under DATA_DIR, or DATABASE_URL).
 * PGlite allows one process at a time: stop `npm run dev` before using the CLI on the same DATA_DIR.
 */
const HELP = `Usage: npm run cli -- <command> [options]

  accounts:create --name <name> [--live]        create an account (live mode off unless --live)
  accounts:live --account <id> --enable|--disable
  accounts:rate-limit --account <id> --multiplier <n>|--clear
                                                multiply every rate-limit bucket for the account's keys
                                                (0.1 to 100, e.g. 10; 0.5 lowers them); --clear goes back to the defaults
  accounts:suspend --account <id> --reason <text>   refuse every key and dashboard session of the account (403)
                                                and new payments to its checkout sessions, until unsuspended
  accounts:unsuspend --account <id>
  keys:create --account <id> --mode test|live [--name <label>]   prints the key once
  keys:list --account <id>
  keys:revoke --account <id> --key <keyId>
  partners:set --id <id> [--label <label>] [--kind label|fee] [--fee-bps <n>] [--max-fee-bps <n>]
               [--fee-recipient-evm <0x…>] [--fee-recipient-svm <base58>] [--active|--inactive] [--account <id>]
                                                create or update a partner; omitted options keep their value;
                                                --account gives it to an account (its dashboard shows the
                                                profile and may change the fee up to --max-fee-bps)
  partners:list
  partners:link-key --partner <id> --key <keyId>     fees of quotes made with this key follow the partner;
                                                a partner's keys are its account's (the first key gives it one)
  partners:unlink-key --partner <id> --key <keyId>
  mail:list [--limit <n>]                        the email outbox, newest first (the dev outbox without SMTP_URL)
  mail:show --id <msg_…> [--html]               one message: headers and the text body (or the HTML body)
  listen --api-key <test key> --forward-to <url> [--events a,b] [--url <service url>]

Running services cache partner lookups for up to 30 s, so a change reaches them within that time.
Every change made here is recorded in the audit log as actor \`cli\` (GET /v1/admin/audit-log).
`;

type Command = (args: string[]) => Promise<void>;

async function withDb<T>(fn: (db: Db, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const db = await createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, statementCache: config.DATABASE_STATEMENT_CACHE });
  try {
    await migrate(db);
    return await fn(db, config);
  } finally {
    await db.close();
  }
}

const withAccounts = <T>(fn: (svc: AccountsService) => Promise<T>) =>
  withDb((db, config) => fn(new AccountsService({ prisma: db.prisma, clock: systemClock, config })));
const withMail = <T>(fn: (svc: MailService) => Promise<T>) =>
  withDb((db, config) => fn(new MailService({ prisma: db.prisma, clock: systemClock, config, log: createLogger('silent') })));
const withPartners = <T>(fn: (svc: PartnersService) => Promise<T>) => withDb((db) => fn(new PartnersService({ prisma: db.prisma, clock: systemClock })));

/** A whole non-negative number of basis points, or a usage error naming the flag. */
const bps = (v: string | boolean | undefined, flag: string): number | undefined => {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^[0-9]{1,5}$/.test(v)) throw new UsageError(`--${flag} must be a whole number of basis points`);
  return Number(v);
};

/** Only the flags given: `partners:set` on an existing partner changes just those. */
function partnerChanges(o: Record<string, string | boolean | undefined>): UpdatePartner {
  if (o.active && o.inactive) throw new UsageError('pass at most one of --active or --inactive');
  const changes: UpdatePartner = {};
  if (typeof o.label === 'string') changes.label = o.label;
  if (typeof o.kind === 'string') {
    if (o.kind !== 'label' && o.kind !== 'fee') throw new UsageError('--kind must be label or fee');
    changes.kind = o.kind;
  }
  const fee = bps(o['fee-bps'], 'fee-bps');
  const max = bps(o['max-fee-bps'], 'max-fee-bps');
  if (fee !== undefined) changes.feeBps = fee;
  if (max !== undefined) changes.maxFeeBps = max;
  if (typeof o['fee-recipient-evm'] === 'string') changes.feeRecipientEvm = o['fee-recipient-evm'] || null;
  if (typeof o['fee-recipient-svm'] === 'string') changes.feeRecipientSvm = o['fee-recipient-svm'] || null;
  if (o.active) changes.active = true;
  if (o.inactive) changes.active = false;
  if (typeof o.account === 'string') changes.accountId = o.account || null;
  return changes;
}

const opts = (args: string[], options: NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>['options']>) =>
  parseArgs({ args, options, strict: true, allowPositionals: false }).values as Record<string, string | boolean | undefined>;

const need = (v: string | boolean | undefined, flag: string): string => {
  if (typeof v !== 'string' || !v) throw new UsageError(`missing --${flag}`);
  return v;
};

class UsageError extends Error {}

export const commands: Record<string, Command> = {
  'accounts:create': async (args) => {
    const o = opts(args, { name: { type: 'string' }, live: { type: 'boolean' } });
    const account = await withAccounts((s) => s.createAccount(need(o.name, 'name'), { liveEnabled: !!o.live, audit: CLI_WRITE }));
    console.log(JSON.stringify(account, null, 2));
  },
  'accounts:live': async (args) => {
    const o = opts(args, { account: { type: 'string' }, enable: { type: 'boolean' }, disable: { type: 'boolean' } });
    if (!o.enable === !o.disable) throw new UsageError('pass exactly one of --enable or --disable');
    const account = await withAccounts((s) => s.setLiveEnabled(need(o.account, 'account'), !!o.enable, CLI_WRITE));
    console.log(JSON.stringify(account, null, 2));
  },
  'accounts:rate-limit': async (args) => {
    const o = opts(args, { account: { type: 'string' }, multiplier: { type: 'string' }, clear: { type: 'boolean' } });
    if ((o.multiplier === undefined) === !o.clear) throw new UsageError('pass exactly one of --multiplier <n> or --clear');
    let multiplier: number | null = null;
    if (!o.clear) {
      if (typeof o.multiplier !== 'string' || !/^\d+(\.\d+)?$/.test(o.multiplier))
        throw new UsageError('--multiplier must be a number from 0.1 to 100, e.g. 10 or 0.5');
      multiplier = Number(o.multiplier);
    }
    const account = await withAccounts((s) => s.setRateLimitMultiplier(need(o.account, 'account'), multiplier, CLI_WRITE));
    console.log(JSON.stringify(account, null, 2));
  },
  'accounts:suspend': async (args) => {
    const o = opts(args, { account: { type: 'string' }, reason: { type: 'string' } });
    const account = await withAccounts((s) => s.suspend(need(o.account, 'account'), need(o.reason, 'reason'), CLI_WRITE));
    console.log(JSON.stringify(account, null, 2));
  },
  'accounts:unsuspend': async (args) => {
    const o = opts(args, { account: { type: 'string' } });
    console.log(JSON.stringify(await withAccounts((s) => s.unsuspend(need(o.account, 'account'), CLI_WRITE)), null, 2));
  },
  'keys:create': async (args) => {
    const o = opts(args, { account: { type: 'string' }, mode: { type: 'string' }, name: { type: 'string' } });
    const mode = need(o.mode, 'mode');
    if (mode !== 'test' && mode !== 'live') throw new UsageError('--mode must be test or live');
    const { key, apiKey } = await withAccounts((s) => s.createKey(need(o.account, 'account'), mode, { name: o.name as string | undefined, audit: CLI_WRITE }));
    console.log(JSON.stringify({ id: apiKey.id, mode: apiKey.mode, key }, null, 2));
    console.error('Store this key now: it is shown only once.');
  },
  'keys:list': async (args) => {
    const o = opts(args, { account: { type: 'string' } });
    console.log(JSON.stringify(await withAccounts((s) => s.listKeys(need(o.account, 'account'))), null, 2));
  },
  'keys:revoke': async (args) => {
    const o = opts(args, { account: { type: 'string' }, key: { type: 'string' } });
    console.log(JSON.stringify(await withAccounts((s) => s.revokeKey(need(o.account, 'account'), need(o.key, 'key'), undefined, CLI_WRITE)), null, 2));
  },
  'partners:set': async (args) => {
    const o = opts(args, {
      id: { type: 'string' },
      label: { type: 'string' },
      kind: { type: 'string' },
      'fee-bps': { type: 'string' },
      'max-fee-bps': { type: 'string' },
      'fee-recipient-evm': { type: 'string' },
      'fee-recipient-svm': { type: 'string' },
      active: { type: 'boolean' },
      inactive: { type: 'boolean' },
      account: { type: 'string' },
    });
    const id = need(o.id, 'id');
    const changes = partnerChanges(o);
    // One service for the CLI and the API: an existing id is updated (only the flags given), a new one created.
    const partner = await withPartners(async (svc) => {
      const current = await svc.get(id).catch((err) => {
        if (isApiError(err) && err.code === 'NOT_FOUND') return null;
        throw err;
      });
      if (current) return svc.update(id, changes, CLI_WRITE);
      if (!changes.label) throw new UsageError('a new partner needs --label (and --kind fee with --fee-bps/--max-fee-bps to take a fee)');
      return svc.create({ kind: 'label', ...changes, label: changes.label, id }, CLI_WRITE);
    });
    console.log(JSON.stringify(partner, null, 2));
  },
  'partners:list': async (args) => {
    opts(args, {});
    console.log(JSON.stringify(await withPartners((s) => s.list()), null, 2));
  },
  'partners:link-key': async (args) => {
    const o = opts(args, { partner: { type: 'string' }, key: { type: 'string' } });
    console.log(JSON.stringify(await withPartners((s) => s.linkKey(need(o.partner, 'partner'), need(o.key, 'key'), CLI_WRITE)), null, 2));
  },
  'partners:unlink-key': async (args) => {
    const o = opts(args, { partner: { type: 'string' }, key: { type: 'string' } });
    console.log(JSON.stringify(await withPartners((s) => s.unlinkKey(need(o.partner, 'partner'), need(o.key, 'key'), CLI_WRITE)), null, 2));
  },
  'mail:list': async (args) => {
    const o = opts(args, { limit: { type: 'string' } });
    if (o.limit !== undefined && !/^[0-9]{1,3}$/.test(String(o.limit))) throw new UsageError('--limit must be a whole number up to 500');
    const rows = await withMail(async (m) => (await m.listAll(o.limit ? Number(o.limit) : 50)).map((r) => m.view(r)));
    if (!rows.length) return void console.log('The email outbox is empty.');
    for (const r of rows)
      console.log(
        `${r.createdAt}  ${r.id}  ${r.status.padEnd(8)}  to ${r.to}  ${JSON.stringify(r.subject)}${r.lastError ? `  (last error: ${r.lastError})` : ''}`,
      );
  },
  'mail:show': async (args) => {
    const o = opts(args, { id: { type: 'string' }, html: { type: 'boolean' } });
    const id = need(o.id, 'id');
    const out = await withMail(async (m) => {
      const row = await m.getMessage(id);
      return { view: m.view(row), body: o.html ? row.html : row.text };
    });
    const v = out.view;
    console.log(
      `Message-ID: ${v.messageId}\nFrom: ${v.from}\nTo: ${v.to}${v.replyTo ? `\nReply-To: ${v.replyTo}` : ''}\nSubject: ${v.subject}\nStatus: ${v.status} (attempts ${v.attempts})\n\n${out.body}`,
    );
  },
  listen: async (args) => {
    const o = opts(args, { 'api-key': { type: 'string' }, 'forward-to': { type: 'string' }, events: { type: 'string' }, url: { type: 'string' } });
    const { listen, ListenError } = await import('./webhooks/listen.js');
    const abort = new AbortController();
    process.once('SIGINT', () => abort.abort());
    process.once('SIGTERM', () => abort.abort());
    try {
      await listen({
        apiKey: need(o['api-key'], 'api-key'),
        forwardTo: need(o['forward-to'], 'forward-to'),
        events:
          typeof o.events === 'string'
            ? o.events
                .split(',')
                .map((e) => e.trim())
                .filter(Boolean)
            : undefined,
        serviceUrl: typeof o.url === 'string' ? o.url : loadConfig().PUBLIC_URL,
        signal: abort.signal,
      });
    } catch (err) {
      if (err instanceof ListenError) throw new UsageError(err.message);
      throw err;
    }
  },
};

export async function main(argv: string[]) {
  const [name, ...rest] = argv;
  const cmd = name ? commands[name] : undefined;
  if (!cmd) {
    console.log(HELP);
    return name && name !== 'help' && name !== '--help' ? 2 : 0;
  }
  try {
    await cmd(rest);
    return 0;
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') console.error(`${(err as Error).message}\n\n${HELP}`);
    else if (err instanceof ConfigError) console.error(err.message);
    else if (isApiError(err)) console.error(`${err.code}: ${err.message}`);
    else console.error(err);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
