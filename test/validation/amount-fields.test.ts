import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildSchema } from 'graphql';
import { restRoutes } from '../../src/rest/routes.js';
import { schema as graphqlSchema } from '../../src/graphql/schema.js';
import { baseUnitAmount, baseUnitAmountOrZero, isoDateTime } from '../../src/validation.js';
import type { Route } from '../../src/rest/router.js';
import { graphqlFields, restFields, summary } from '../helpers/edge-fields.js';

/**
 * Every input the transports take that carries an amount or a date uses the API's one rule for it (src/validation.ts):
 * the shared `baseUnitAmount` / `baseUnitAmountOrZero` schemas, and the strict ISO 8601 date-time schema (REST) or
 * the `DateTime` scalar that parses with it (GraphQL). The walks below read the REST routes' documented schemas
 * (`Route.doc`: the zod schemas the services validate with, the OpenAPI document's source) and the built GraphQL
 * schema (input object fields and arguments, with the zod validation Pothos attaches to them), so a new field is
 * checked without being listed anywhere. What counts as an amount or a date field: test/helpers/edge-fields.ts.
 */

/** The dashboard's mirrors of key routes (a session route with a key route's handler): the same schemas, listed once. */
const isMirror = (r: Route) => r.access === 'session' && restRoutes.some((o) => o.access !== 'session' && o.handler === r.handler);

describe('every amount and date input of the transports uses the shared rule', () => {
  const rest = restFields(restRoutes);
  const own = restFields(restRoutes.filter((r) => !isMirror(r)));
  const gql = graphqlFields(graphqlSchema);

  it('REST: every body, query and path field that carries an amount or a date uses the shared schema', () => {
    expect(rest.filter((f) => !f.ok).map((f) => `${f.where} (${f.want})`)).toEqual([]);
  });

  it('GraphQL: every input field and argument that carries an amount is a String validated by the shared schema; every date is a DateTime', () => {
    expect(gql.filter((f) => !f.ok).map((f) => `${f.where} (${f.want})`)).toEqual([]);
  });

  it('the walks reach every amount and date input there is (a new one joins this list, and the checks above)', () => {
    // A mirror takes exactly its original's inputs, under /v1/dashboard/.
    const mirrored = summary(restFields(restRoutes.filter(isMirror)), 'date').concat(summary(restFields(restRoutes.filter(isMirror)), 'amount'));
    expect(mirrored.length).toBeGreaterThan(0);
    for (const m of mirrored) expect(summary(own, 'date').concat(summary(own, 'amount')), m).toContain(m.replace(' /v1/dashboard/', ' /v1/'));
    expect(summary(own, 'amount')).toEqual([
      'GET /v1/quote query.amount',
      'GET /v1/quote query.dstAmount',
      'PATCH /v1/invoices/:id body.lineItems[].unitAmount',
      'PATCH /v1/subscriptions/:id body.lineItems[].unitAmount',
      'POST /v1/checkout/sessions body.amount',
      'POST /v1/checkout/sessions/:id/refunds body.amount',
      'POST /v1/deposit-addresses body.amount',
      'POST /v1/deposit-addresses/:id/simulate body.amount',
      'POST /v1/invoices body.lineItems[].unitAmount',
      'POST /v1/limit-orders body.makingAmount',
      'POST /v1/limit-orders body.takingAmount',
      'POST /v1/quote body.action.value',
      'POST /v1/quote body.amount',
      'POST /v1/quote body.calls[].value',
      'POST /v1/quote body.dstAmount',
      'POST /v1/subscriptions body.lineItems[].unitAmount',
    ]);
    expect(summary(own, 'date')).toEqual([
      'GET /v1/admin/audit-log query.from',
      'GET /v1/admin/audit-log query.to',
      'GET /v1/admin/ledger/entries query.from',
      'GET /v1/admin/ledger/entries query.to',
      'GET /v1/admin/ledger/export.csv query.from',
      'GET /v1/admin/ledger/export.csv query.to',
      'GET /v1/admin/ledger/totals query.from',
      'GET /v1/admin/ledger/totals query.to',
      'GET /v1/dashboard/exports/checkout_sessions.csv query.from',
      'GET /v1/dashboard/exports/checkout_sessions.csv query.to',
      'GET /v1/dashboard/exports/deposits.csv query.from',
      'GET /v1/dashboard/exports/deposits.csv query.to',
      'GET /v1/dashboard/exports/invoices.csv query.from',
      'GET /v1/dashboard/exports/invoices.csv query.to',
      'GET /v1/dashboard/exports/orders.csv query.from',
      'GET /v1/dashboard/exports/orders.csv query.to',
      'GET /v1/dashboard/partner query.endAt',
      'GET /v1/dashboard/partner query.startAt',
      'GET /v1/dashboard/request-logs query.from',
      'GET /v1/dashboard/request-logs query.to',
      'GET /v1/orders query.endTime',
      'GET /v1/orders query.startTime',
      'PATCH /v1/invoices/:id body.dueAt',
      'POST /v1/admin/status/incidents body.scheduledEndAt',
      'POST /v1/admin/status/incidents body.scheduledStartAt',
      'POST /v1/admin/status/incidents/:id/updates body.scheduledEndAt',
      'POST /v1/admin/status/incidents/:id/updates body.scheduledStartAt',
      'POST /v1/dashboard/api-keys body.expiresAt',
      'POST /v1/invoices body.dueAt',
      'POST /v1/limit-orders body.expiresAt',
      'POST /v1/subscriptions body.startAt',
      'POST /v1/test-clocks body.frozenTime',
      'POST /v1/test-clocks/:id/advance body.frozenTime',
    ]);
    expect(summary(gql, 'amount')).toEqual([
      'BillingSubscriptionLineItemInput.unitAmount',
      'CallsActionInput.value',
      'CreateCheckoutRefundInput.amount',
      'CreateCheckoutSessionInput.amount',
      'CreateDepositAddressInput.amount',
      'CreateLimitOrderInput.makingAmount',
      'CreateLimitOrderInput.takingAmount',
      'DestinationCallInput.value',
      'InvoiceLineItemInput.unitAmount',
      'QuoteInput.amount',
      'QuoteInput.dstAmount',
      'SimulateDepositInput.amount',
    ]);
    expect(summary(gql, 'date')).toEqual([
      'AdminAuditLogFilter.endAt',
      'AdminAuditLogFilter.startAt',
      'AdminCreateStatusIncidentInput.scheduledEndAt',
      'AdminCreateStatusIncidentInput.scheduledStartAt',
      'AdminLedgerEntryFilter.endAt',
      'AdminLedgerEntryFilter.startAt',
      'AdminUpdateStatusIncidentInput.scheduledEndAt',
      'AdminUpdateStatusIncidentInput.scheduledStartAt',
      'AdvanceTestClockInput.frozenAt',
      'CreateApiKeyInput.expiresAt',
      'CreateBillingSubscriptionInput.startAt',
      'CreateInvoiceInput.dueAt',
      'CreateLimitOrderInput.expiresAt',
      'CreateTestClockInput.frozenAt',
      'Query.adminLedgerBalances(asOfAt)',
      'Query.adminLedgerCsv(endAt)',
      'Query.adminLedgerCsv(startAt)',
      'Query.adminLedgerTotals(endAt)',
      'Query.adminLedgerTotals(startAt)',
      'Query.csvExport(endAt)',
      'Query.csvExport(startAt)',
      'Query.dashboardOverview(endAt)',
      'Query.dashboardOverview(startAt)',
      'Query.partnerProfile(endAt)',
      'Query.partnerProfile(startAt)',
      'RequestLogFilter.endAt',
      'RequestLogFilter.startAt',
      'UpdateInvoiceInput.dueAt',
    ]);
  });

  it('the REST walk fails on an amount field with a plain z.string() or a date with z.iso.datetime(), wherever it sits', () => {
    const route = (body: z.ZodType) => ({ method: 'POST', path: '/v1/x', doc: { body: { schema: body } } }) as unknown as Route;
    const bad = restFields([
      route(z.object({ fooAmount: z.string().regex(/^[0-9]+$/) })),
      route(z.object({ items: z.array(z.object({ unitAmount: z.string().optional() })) })),
      route(z.object({ calls: z.array(z.object({ to: z.string(), data: z.string(), value: z.string() })) })),
      route(z.object({ a: z.union([z.object({ amount: z.string() }), z.object({ b: z.number() })]) })),
      route(z.object({ startAt: z.iso.datetime() })),
      route(z.object({ from: z.string(), to: z.string() })),
    ]);
    expect(bad.map((f) => [f.where, f.ok])).toEqual([
      ['POST /v1/x body.fooAmount', false],
      ['POST /v1/x body.items[].unitAmount', false],
      ['POST /v1/x body.calls[].value', false],
      ['POST /v1/x body.a.amount', false],
      ['POST /v1/x body.startAt', false],
      ['POST /v1/x body.from', false],
      ['POST /v1/x body.to', false],
    ]);
    // A lone `to` (a recipient) and a call's `to` beside `data` are addresses, not range bounds.
    expect(
      restFields([route(z.object({ to: z.string(), amount: baseUnitAmount })), route(z.object({ from: z.string(), to: z.string(), data: z.string() }))]),
    ).toEqual([{ where: 'POST /v1/x body.amount', want: 'amount', ok: true }]);
    const good = restFields([
      route(
        z.object({
          fooAmount: baseUnitAmount.meta({ description: 'x' }),
          free: z.object({ unitAmount: baseUnitAmountOrZero.optional() }),
          startAt: isoDateTime.optional(),
        }),
      ),
    ]);
    expect(good.map((f) => [f.where, f.ok])).toEqual([
      ['POST /v1/x body.fooAmount', true],
      ['POST /v1/x body.free.unitAmount', true],
      ['POST /v1/x body.startAt', true],
    ]);
  });

  it('the GraphQL walk fails on an amount field without the shared validation, and on a date that is a String', () => {
    const sdl = buildSchema(`
      input NewInput { fooAmount: String!, startAt: String, to: String, data: String, value: String }
      type Query { a(input: NewInput!, dstAmount: String): Int, b(expiresAt: DateTime): Int }
      scalar DateTime
    `);
    expect(graphqlFields(sdl).map((f) => [f.where, f.ok])).toEqual([
      ['NewInput.fooAmount', false],
      ['NewInput.startAt', false],
      ['NewInput.value', false],
      ['Query.a(dstAmount)', false],
      ['Query.b(expiresAt)', true],
    ]);
  });
});
