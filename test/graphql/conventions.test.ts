import { describe, expect, it } from 'vitest';
import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLType,
} from 'graphql';
import { schema } from '../../src/graphql/schema.js';

/**
 * Walks the whole schema and fails on what src/graphql/CONVENTIONS.md forbids. An exception is listed below
 * with its reason; adding one needs the same kind of reason.
 */

/** Names that denote a closed set (status, state, kind, …): such a field, argument or input field must not be a String. */
const CLOSED_SET_NAME =
  /^(status|state|kind|vm|method|mode|type|types|reason|failure|origin|basis|channel|tradeType|code|role|scope)$|(Status|State|Kind|Vm|Method|Mode|Type|Reason|Origin|Basis|Code)$/;

const STRING_ALLOWED: Record<string, string> = {
  'Event.type': 'event type names contain dots (`checkout.session.completed`, as webhooks carry them), which enum values cannot',
  'Query.events(type)': 'an event type or a `prefix.*` pattern',
  'Subscription.events(types)': 'event types or `prefix.*` patterns',
  'TriggerWebhookEventInput.type': 'an event type name (dots, see Event.type)',
  'CheckoutRefund.reason': "the merchant's free-text note, not a code",
  'CreateCheckoutRefundInput.reason': "the merchant's free-text note, not a code",
  'WebhookEndpoint.disabledReason': 'a sentence for people, not a code',
  'RequestLog.errorCode': "the code answered, which may be one of GraphQL's own (`GRAPHQL_PARSE_FAILED`, …) besides the API's `ErrorCode`s: an open set",
  'AdminAuditEntry.targetType':
    'the kind of resource an admin write touched: the set grows with the admin API and old entries keep theirs (an open set, as REST stores it)',
  'AdminAuditLogFilter.targetType': 'a kind of resource as audit entries store it (see AdminAuditEntry.targetType)',
  'AdminAccountSuspension.reason': "the operator's free-text note, not a code",
  'AdminSuspendAccountInput.reason': "the operator's free-text note, not a code",
  'AdminLedgerTransaction.reason': "the operator's free-text reason for a reversal, not a code",
  'AdminReverseLedgerTransactionInput.reason': "the operator's free-text reason for a reversal, not a code",
  'Order.providerState': "the provider's own state name, an open set that differs per provider (the closed set is `status`)",
};

/** Timestamp-like names: these must be DateTime. */
const TIMESTAMP_NAME = /(At|Date|Time|Timestamp)$|^(date|time|timestamp|expires|created|updated)$/;

/** Lists of objects that are not connections, and why paging them would mean nothing. */
const LIST_ALLOWED: Record<string, string> = {
  'DashboardOverview.days': 'one entry per UTC day of the range asked (at most 400): bounded by its input',
  'PartnerEarnings.lines':
    'one entry per source chain and token with filled orders in the range asked (at most 400 days): bounded by its input and the tokens traded',
  'DashboardOverview.volume': 'one entry per day and settlement token with payments: bounded by the range asked and the tokens paid in',
  'Query.prices': 'one entry per requested id (at most 100): a batch lookup, bounded by its input',
  'QuoteResponse.quotes': 'one quote per provider that answered: bounded by the providers loaded',
  'QuoteResponse.errors': 'one entry per provider that failed: bounded by the providers loaded',
  'QuoteStreamMessage.quotes': 'one quote per provider that answered so far: bounded by the providers loaded',
  'QuoteStreamMessage.errors': 'one entry per provider that failed so far: bounded by the providers loaded',
  'CheckoutPayerQuoteResponse.quotes': 'one quote per provider that answered: bounded by the providers loaded',
  'CheckoutPayerQuoteResponse.errors': 'one entry per provider that failed: bounded by the providers loaded',
  'NoRouteError.providerErrors': 'one entry per provider asked: bounded by the providers loaded',
  'Balances.errors': 'one entry per chain that failed: bounded by the chains asked (at most 25)',
  'CancelLimitOrdersPayload.transactions': 'one cancel transaction per 5 orders of the call: at most 10 (50 ids)',
  'RedeliverEventPayload.deliveries': 'the deliveries one call queued: one per endpoint, at most 16 per account and mode',
  'PlatformStatus.components': 'one per component: the API, the providers loaded, the chain RPCs in use, webhooks (a few dozen at most)',
  'PlatformStatus.incidents': 'open incidents and those of the last 7 days, at most 50: a page of its own',
  'PlatformStatus.maintenance': 'open maintenance and that of the last 7 days, at most 50: a page of its own',
  'StatusComponent.days': 'always the last 90 days, one entry each',
  'StatusIncident.components': 'the components one incident affects, at most 50',
  'StatusIncident.updates': "one incident's updates, posted by hand (a handful)",
};

const typeMap = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__'));
const objectLike = typeMap.filter((t) => isObjectType(t) || isInterfaceType(t)) as Array<{
  name: string;
  getFields(): Record<string, GraphQLField<unknown, unknown>>;
}>;
const inputTypes = typeMap.filter(isInputObjectType);

/** Every field, argument and input field, named `Type.field`, `Type.field(arg)` or `Input.field`. */
function everyTypedThing(): Array<{ path: string; name: string; type: GraphQLType }> {
  const out: Array<{ path: string; name: string; type: GraphQLType }> = [];
  for (const t of objectLike) {
    for (const f of Object.values(t.getFields())) {
      out.push({ path: `${t.name}.${f.name}`, name: f.name, type: f.type });
      for (const a of f.args as readonly GraphQLArgument[]) out.push({ path: `${t.name}.${f.name}(${a.name})`, name: a.name, type: a.type });
    }
  }
  for (const t of inputTypes)
    for (const f of Object.values(t.getFields()) as GraphQLInputField[]) out.push({ path: `${t.name}.${f.name}`, name: f.name, type: f.type });
  return out;
}

const rootFields = () =>
  [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((root) =>
    root ? Object.values(root.getFields()).map((f) => ({ root: root.name, field: f })) : [],
  );

const capitalize = (s: string) => s.slice(0, 1).toUpperCase() + s.slice(1);

describe('schema conventions (src/graphql/CONVENTIONS.md)', () => {
  it('closed sets (status, state, kind, vm, method, …) are enums, never String', () => {
    const offenders = everyTypedThing()
      .filter((x) => CLOSED_SET_NAME.test(x.name) && getNamedType(x.type).name === 'String' && !STRING_ALLOWED[x.path])
      .map((x) => x.path);
    expect(offenders).toEqual([]);
  });

  it('every timestamp is a DateTime (no String or Unix-second Int timestamps)', () => {
    const offenders = everyTypedThing()
      .filter((x) => TIMESTAMP_NAME.test(x.name) && getNamedType(x.type).name !== 'DateTime')
      .map((x) => `${x.path}: ${getNamedType(x.type).name}`);
    expect(offenders).toEqual([]);
    // …and every DateTime is named like one, so clients can tell at a glance.
    const misnamed = everyTypedThing()
      .filter((x) => getNamedType(x.type).name === 'DateTime' && !/At$/.test(x.name))
      .map((x) => x.path);
    expect(misnamed).toEqual([]);
  });

  it('every list of objects is a connection (except connection plumbing and the allowlist)', () => {
    const offenders: string[] = [];
    for (const t of objectLike) {
      for (const f of Object.values(t.getFields())) {
        const type = getNullableType(f.type);
        if (!isListType(type) || !isCompositeType(getNamedType(type))) continue;
        const plumbing = /Connection$/.test(t.name) && (f.name === 'edges' || f.name === 'nodes');
        if (!plumbing && !LIST_ALLOWED[`${t.name}.${f.name}`]) offenders.push(`${t.name}.${f.name}`);
      }
    }
    expect(offenders).toEqual([]);
    // The allowlist only names fields that exist (a stale entry would hide nothing but mislead).
    for (const path of Object.keys(LIST_ALLOWED)) {
      const [type, field] = path.split('.');
      expect(objectLike.find((t) => t.name === type)?.getFields()[field!], path).toBeDefined();
    }
  });

  it('connections page forward with `first` and `after` only, and have edges, nodes and pageInfo', () => {
    const offenders: string[] = [];
    for (const t of objectLike) {
      for (const f of Object.values(t.getFields())) {
        const named = getNamedType(f.type);
        if (!/Connection$/.test(named.name)) continue;
        const args = f.args.map((a) => a.name).sort();
        if (!args.includes('first') || !args.includes('after') || args.includes('last') || args.includes('before'))
          offenders.push(`${t.name}.${f.name}(${args.join(', ')})`);
        const fields = Object.keys((named as unknown as { getFields(): object }).getFields());
        for (const must of ['edges', 'nodes', 'pageInfo']) if (!fields.includes(must)) offenders.push(`${named.name} lacks ${must}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('every mutation takes one `input` object and returns a `<Name>Result` union of its payload and Error types', () => {
    const mutations = Object.values(schema.getMutationType()!.getFields());
    expect(mutations.length).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const m of mutations) {
      const [arg, ...more] = m.args;
      if (!arg || more.length || arg.name !== 'input' || !isNonNullType(arg.type) || !isInputObjectType(arg.type.ofType))
        offenders.push(`${m.name}: arguments ${m.args.map((a) => a.name).join(', ')}`);
      const result = getNullableType(m.type);
      if (!isNonNullType(m.type) || !isUnionType(result) || result.name !== `${capitalize(m.name)}Result`) {
        offenders.push(`${m.name}: returns ${String(m.type)}`);
        continue;
      }
      for (const member of result.getTypes()) {
        const isPayload = member.name === `${capitalize(m.name)}Payload`;
        const isError = member.getInterfaces().some((i) => i.name === 'Error');
        if (!isPayload && !isError) offenders.push(`${m.name}: ${member.name} is neither its payload nor an Error`);
      }
      if (!result.getTypes().some((t) => t.name === `${capitalize(m.name)}Payload`)) offenders.push(`${m.name}: no ${capitalize(m.name)}Payload`);
    }
    expect(offenders).toEqual([]);
  });

  it('every Error type carries its stable code (ErrorCode enum) and message', () => {
    const errors = typeMap.filter((t) => isObjectType(t) && t.getInterfaces().some((i) => i.name === 'Error'));
    expect(errors.length).toBeGreaterThan(5);
    for (const e of errors) {
      const fields = (e as unknown as { getFields(): Record<string, GraphQLField<unknown, unknown>> }).getFields();
      expect(String(fields.code?.type), e.name).toBe('ErrorCode!');
      expect(String(fields.message?.type), e.name).toBe('String!');
    }
  });

  it('every root field declares its authorization (authScopes)', () => {
    const offenders = rootFields()
      .filter(({ field }) => !(field.extensions as { pothosOptions?: { authScopes?: unknown } }).pothosOptions?.authScopes)
      .map(({ root, field }) => `${root}.${field.name}`);
    expect(offenders).toEqual([]);
  });

  it('subscriptions say in their description when they complete', () => {
    const subs = Object.values(schema.getSubscriptionType()!.getFields());
    for (const s of subs) expect(s.description ?? '', s.name).toMatch(/[Cc]ompletes|[Nn]ever completes/);
  });

  it('one Event type for queries and streams', () => {
    expect(getNamedType(schema.getQueryType()!.getFields().event!.type).name).toBe('Event');
    expect(getNamedType(schema.getSubscriptionType()!.getFields().events!.type).name).toBe('Event');
    expect(schema.getType('StreamedEvent')).toBeUndefined();
  });

  it('no description cites a spec section or a file outside the repository', () => {
    const texts: string[] = [];
    for (const t of typeMap) {
      if (t.description) texts.push(`${t.name}: ${t.description}`);
      if (isObjectType(t) || isInterfaceType(t) || isInputObjectType(t)) {
        for (const f of Object.values(t.getFields()) as Array<{ name: string; description?: string | null; args?: readonly GraphQLArgument[] }>) {
          if (f.description) texts.push(`${t.name}.${f.name}: ${f.description}`);
          for (const a of f.args ?? []) if (a.description) texts.push(`${t.name}.${f.name}(${a.name}): ${a.description}`);
        }
      }
    }
    expect(texts.filter((d) => /\bspec\b|section \d/i.test(d))).toEqual([]);
  });
});
