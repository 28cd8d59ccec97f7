import {
  getNamedType,
  getOperationAST,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  valueFromASTUntyped,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { Usage } from '../ratelimit/policy.js';
import { balancesWeight, EXPORT_WEIGHT, QUOTE_WEIGHT } from '../ratelimit/weights.js';
import type { PageSizeExtension } from './pagination.js';

/**
 * The cost of a GraphQL operation, computed from the document and its variables before anything runs (a pure
 * function of the schema, the document and the variables; src/graphql/operation-hooks.ts refuses an operation above
 * GRAPHQL_MAX_COST). graphql-armor's cost limit cannot weight a field or multiply by a list argument, which is
 * the whole point here, hence this small walk of our own.
 *
 *  - A field that returns an object costs 1, a scalar or enum 0; every alias is a field of its own.
 *  - A connection (a field with `first`) multiplies its `edges` and `nodes` by its page size: `first`, or the
 *    field's default page when `first` is absent (the bounds are on the argument, see `pageArgs`).
 *  - Fields with work behind them add their own cost (FIELD_COSTS): a quote is a provider fan-out, a
 *    checkout quote up to three, balances one RPC call per chain.
 *  - Fragments count where they are spread; every branch of an abstract type counts (an upper bound).
 *
 * The same walk gives the request's rate-limit usage: every root field counts 1 in the default bucket, a
 * quote QUOTE_WEIGHT, balances one per chain; mutations that are costly writes take 1 from `strict` as well.
 */

/** Provider fan-out of one quote (six providers, each an HTTP call, and a store write). */
export const QUOTE_COST = 100;
/** The checkout payer quote: up to three rounds of quotes (src/checkout/payer-quote.ts). */
export const CHECKOUT_QUOTE_COST = 3 * QUOTE_COST;
/** The destination-call simulation: a handful of RPC calls (balance-slot probing once per token, then one run). */
const CALLS_SIMULATION_COST = 20;
/** One RPC round trip (multicall) per chain. */
export const BALANCES_COST_PER_CHAIN = 10;

type Args = Record<string, unknown>;

interface FieldRule {
  /** Cost on top of the field's own 1. */
  cost?: (args: Args) => number;
  /** Rate-limit weight in the default bucket, as a root field (default 1). */
  weight?: (args: Args) => number;
  /** A costly write: also takes 1 from the strict bucket. */
  strict?: true;
}

const chainsArg = (args: Args) => (Array.isArray(args.chains) ? (args.chains as unknown[]).map(String) : undefined);

/** Fields whose work is more than reading rows, by `Type.field`. */
/** One provider call behind `createDepositAddress` (Relay's deposit-address quote in live mode). */
const DEPOSIT_ADDRESS_COST = 20;

export const FIELD_RULES: Record<string, FieldRule> = {
  'Query.quote': { cost: () => QUOTE_COST, weight: () => QUOTE_WEIGHT },
  // A quote plus the destination-call simulation (a few RPC calls on the destination chain).
  'Query.quoteWithCalls': { cost: () => QUOTE_COST + CALLS_SIMULATION_COST, weight: () => QUOTE_WEIGHT },
  // The same fan-out, answered in several messages.
  'Subscription.quoteStream': { cost: () => QUOTE_COST, weight: () => QUOTE_WEIGHT },
  'Query.checkoutSessionQuote': { cost: () => CHECKOUT_QUOTE_COST, weight: () => QUOTE_WEIGHT },
  'Query.balances': { cost: (a) => BALANCES_COST_PER_CHAIN * balancesWeight(chainsArg(a), a.address), weight: (a) => balancesWeight(chainsArg(a), a.address) },
  // Reads every row of its range (up to 5 MiB of CSV), weighed as its REST route.
  'Query.csvExport': { cost: () => 100, weight: () => EXPORT_WEIGHT },
  // The same for the fee ledger's CSV (operators).
  'Query.adminLedgerCsv': { cost: () => 100, weight: () => EXPORT_WEIGHT },
  'Mutation.createCheckoutSession': { strict: true },
  'Mutation.createCheckoutRefund': { strict: true },
  'Mutation.createWebhookEndpoint': { strict: true },
  'Mutation.triggerWebhookEvent': { strict: true },
  'Mutation.redeliverFailedEvents': { strict: true },
  'Mutation.createInvoice': { strict: true },
  'Mutation.sendInvoice': { strict: true },
  'Mutation.payInvoice': { strict: true },
  // Asks the deposit-address provider for an address (one provider call, like one quote); a costly write.
  'Mutation.createDepositAddress': { strict: true, cost: () => DEPOSIT_ADDRESS_COST },
  'Mutation.payInvoiceInSandbox': { strict: true },
  // Pay by transfer: a one-time deposit address for a session (the same provider call as createDepositAddress).
  'Mutation.createCheckoutTransferAddress': { strict: true, cost: () => DEPOSIT_ADDRESS_COST },
  'Mutation.createBillingSubscription': { strict: true },
  'Mutation.advanceTestClock': { strict: true },
  // Limit orders: one provider call each (create also reads the mints on chain).
  'Mutation.createLimitOrder': { strict: true, cost: () => 10 },
  'Mutation.submitLimitOrder': { cost: () => 10 },
  'Mutation.cancelLimitOrders': { cost: () => 10 },
  // Wallet sign-in (public, as their REST routes: strict bucket). Checking an EVM signature is an eth_call on its chain.
  'Mutation.createSignInChallenge': { strict: true },
  'Mutation.signIn': { strict: true, cost: () => 10 },
};

export interface OperationCost {
  /** Compared with GRAPHQL_MAX_COST. */
  cost: number;
  /** What the operation takes from the rate-limit buckets. */
  usage: Usage;
}

/** One `__schema` or `__type` root field (GraphiQL's and codegen's introspection costs this once). */
export const INTROSPECTION_COST = 100;

/** Nesting beyond this is not walked further (the depth limit refuses such documents before this runs). */
const MAX_WALK_DEPTH = 64;

export function operationCost(schema: GraphQLSchema, document: DocumentNode, variables?: Args | null, operationName?: string | null): OperationCost {
  const op = getOperationAST(document, operationName ?? undefined);
  if (!op) return { cost: 0, usage: { default: 1 } };
  const root = op.operation === 'query' ? schema.getQueryType() : op.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  if (!root) return { cost: 0, usage: { default: 1 } };
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  // A variable the request leaves out takes its default from the document, as execution does (else a default
  // `first` or `chains` would be counted at the field's own default while the larger value runs).
  const vars: Args = {};
  for (const d of op.variableDefinitions ?? []) if (d.defaultValue) vars[d.variable.name.value] = valueFromASTUntyped(d.defaultValue);
  Object.assign(vars, variables ?? {});

  const argValues = (field: GraphQLField<unknown, unknown>, node: FieldNode): Args => {
    const out: Args = {};
    for (const a of node.arguments ?? []) out[a.name.value] = argumentValue(a.value, vars);
    for (const def of field.args) if (!(def.name in out) && def.defaultValue !== undefined) out[def.name] = def.defaultValue;
    return out;
  };

  /** Every field node of a selection set, fragments flattened, with the type it is selected on. */
  const fieldsOf = (set: SelectionSetNode, type: GraphQLCompositeType, seen: Set<string>, out: Array<{ node: FieldNode; type: GraphQLCompositeType }> = []) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) out.push({ node: sel, type });
      else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const cond = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : type;
        fieldsOf(sel.selectionSet, cond && isCompositeType(cond) ? cond : type, seen, out);
      } else {
        const frag = fragments.get(sel.name.value);
        if (!frag || seen.has(frag.name.value)) continue; // cycles are invalid documents; never loop on one
        const cond = schema.getType(frag.typeCondition.name.value);
        fieldsOf(frag.selectionSet, cond && isCompositeType(cond) ? cond : type, new Set([...seen, frag.name.value]), out);
      }
    }
    return out;
  };

  const fieldDef = (type: GraphQLCompositeType, name: string) => (isObjectType(type) || isInterfaceType(type) ? type.getFields()[name] : undefined);

  const setCost = (set: SelectionSetNode | undefined, type: GraphQLCompositeType, depth: number): number => {
    if (!set || depth > MAX_WALK_DEPTH) return 0;
    let total = 0;
    for (const { node, type: parent } of fieldsOf(set, type, new Set())) total += fieldCost(node, parent, depth);
    return total;
  };

  const fieldCost = (node: FieldNode, parent: GraphQLCompositeType, depth: number): number => {
    const field = fieldDef(parent, node.name.value);
    if (!field) return 0; // __typename, or a field validation has already refused
    const named = getNamedType(field.type);
    if (!isCompositeType(named)) return 0;
    const args = argValues(field, node);
    const own = 1 + (FIELD_RULES[`${parent.name}.${field.name}`]?.cost?.(args) ?? 0);
    const page = pageSize(field, args);
    if (page === undefined) return own + setCost(node.selectionSet, named, depth + 1);
    // A connection: its edges and nodes once per item of the page, pageInfo and totalCount once.
    let total = own;
    for (const { node: child, type: childParent } of fieldsOf(node.selectionSet!, named, new Set())) {
      const c = fieldCost(child, childParent, depth + 1);
      total += child.name.value === 'edges' || child.name.value === 'nodes' ? page * c : c;
    }
    return total;
  };

  let cost = 0;
  let weight = 0;
  let strict = 0;
  for (const { node, type } of fieldsOf(op.selectionSet, root, new Set())) {
    cost += fieldCost(node, type, 0);
    // Introspection walks the whole schema whatever it selects: a flat price per root field, so aliases add up.
    if (node.name.value === '__schema' || node.name.value === '__type') cost += INTROSPECTION_COST;
    if (node.name.value === '__typename') continue;
    const field = fieldDef(type, node.name.value);
    const rule = FIELD_RULES[`${type.name}.${node.name.value}`];
    const args = field ? argValues(field, node) : {};
    weight += rule?.weight?.(args) ?? 1;
    if (rule?.strict) strict += 1;
  }
  return { cost, usage: { default: Math.max(1, weight), ...(strict ? { strict } : {}) } };
}

/**
 * `operationCost`, remembered per parsed document (yoga's parser cache hands back the same document object for the
 * same text, over HTTP and WebSocket alike, so a hot operation is walked once), then per operation name and
 * variables. The walk is a pure function of these, so the answer is the same; the cached object is frozen, as
 * every caller shares it. Variables key the entry by their JSON text only when they are plain JSON values (a value
 * JSON would drop or change, such as undefined, NaN or a Date, is computed afresh); a document keeps at most
 * MAX_COSTS_PER_DOCUMENT entries (variables that change per request, such as an amount, would never hit).
 */
export function cachedOperationCost(schema: GraphQLSchema, document: DocumentNode, variables?: Args | null, operationName?: string | null): OperationCost {
  const vars = variables && Object.keys(variables).length ? variables : undefined;
  if (vars && !isPlainJson(vars)) return operationCost(schema, document, variables, operationName);
  const key = vars ? `${operationName ?? ''}\u0000${JSON.stringify(vars)}` : (operationName ?? '');
  let bySchema = costCache.get(schema);
  if (!bySchema) {
    bySchema = new WeakMap();
    costCache.set(schema, bySchema);
  }
  let byKey = bySchema.get(document);
  if (!byKey) {
    byKey = new Map();
    bySchema.set(document, byKey);
  }
  const hit = byKey.get(key);
  if (hit) return hit;
  const cost = operationCost(schema, document, variables, operationName);
  Object.freeze(cost.usage);
  if (byKey.size >= MAX_COSTS_PER_DOCUMENT) byKey.clear();
  byKey.set(key, Object.freeze(cost));
  return cost;
}

const MAX_COSTS_PER_DOCUMENT = 64;
const costCache = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, OperationCost>>>();

/** A value JSON text gives back exactly: strings, finite numbers, booleans, null, arrays and plain objects of them. */
function isPlainJson(v: unknown, depth = 0): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  if (typeof v !== 'object' || depth > 32) return false;
  if (Array.isArray(v)) return v.every((x) => isPlainJson(x, depth + 1));
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(v).every((x) => isPlainJson(x, depth + 1));
}

/** A connection's page size for this request: `first` within its bounds, else its default; undefined for other fields. */
function pageSize(field: GraphQLField<unknown, unknown>, args: Args): number | undefined {
  const ext = field.args.find((a) => a.name === 'first')?.extensions?.pageSize as PageSizeExtension | undefined;
  if (!ext) return undefined;
  const first = args.first;
  // Out-of-range values are refused by the resolver with a precise error; count them at the bound meanwhile.
  if (typeof first !== 'number' || !Number.isFinite(first)) return ext.default;
  return Math.min(ext.max, Math.max(1, Math.floor(first)));
}

function argumentValue(node: ValueNode, vars: Args): unknown {
  if (node.kind === Kind.VARIABLE) return vars[node.name.value];
  return valueFromASTUntyped(node, vars);
}
