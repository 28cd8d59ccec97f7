import { builder, describedValues } from '../builder.js';
import { keyOf } from '../loaders.js';
import { parseGraphQLInput, withGraphQLFieldNames } from '../input.js';
import { EXPORT_RESOURCE, type ExportKind, exportQuerySchema } from '../../exports/input.js';
import { MAX_EXPORT_TEXT_BYTES } from '../../exports/service.js';

/** The REST query's names (`from`, `to`) in an error become this field's argument names. */
const ARG_OF: Record<string, string> = { from: 'startAt', to: 'endAt' };

/** CSV exports over GraphQL: the same rows and columns as the REST download, as one string. */

const Kind = builder.enumType('CsvExportKind', {
  description: 'What a CSV export lists (its columns per version are in docs/exports.md).',
  values: describedValues<ExportKind>({
    orders: 'Order records: swaps made with the key, deposit orders and limit-order fills.',
    checkout_sessions: 'Checkout sessions, with their paying payment.',
    invoices: 'Invoices.',
    deposits: 'Deposits at deposit addresses, with their order record.',
  }),
});

builder.queryField('csvExport', (t) =>
  t.field({
    type: 'String',
    description: `The CSV (RFC 4180, CRLF) of the key's account and mode: a header record, then one record per item created in [\`startAt\`, \`endAt\`) (default the last 30 days), oldest first; amounts as base-unit integer strings beside their decimals, timestamps ISO 8601 UTC, text cells starting with = + - @ tab or CR prefixed with \`'\`. At most ${MAX_EXPORT_TEXT_BYTES / 1024 / 1024} MiB (INVALID_PARAMS beyond: a shorter range, or the REST download, which streams).`,
    // The export's own resource: an orders export needs orders: read, and so on.
    authScopes: (_r, args) => ({ read: EXPORT_RESOURCE[args.kind] }),
    args: {
      kind: t.arg({ type: Kind, required: true, description: 'What to export.' }),
      startAt: t.arg({ type: 'DateTime', description: 'Items created at or after this time; default 30 days before `endAt`.' }),
      endAt: t.arg({ type: 'DateTime', description: 'Items created before this time; default now.' }),
      version: t.arg.int({ description: 'The column version; default 1, the current one.' }),
    },
    resolve: async (_r, args, ctx) => {
      try {
        const q = parseGraphQLInput(exportQuerySchema, { from: args.startAt, to: args.endAt, version: args.version });
        return await ctx.services.exports.text(await keyOf(ctx), args.kind, ctx.services.exports.range(q));
      } catch (err) {
        throw withGraphQLFieldNames(err, ARG_OF);
      }
    },
  }),
);
