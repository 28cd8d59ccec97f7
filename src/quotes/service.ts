import DataLoader from 'dataloader';
import type { ProvidersConfig } from '../providers/config.js';
import type { QuotesConfig } from './config.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import type { KeyAuth } from '../accounts/service.js';
import { ApiError, isApiError } from '../errors.js';
import { encodeFunctionData, erc20Abi, type Hex } from 'viem';
import type { ProviderRegistry } from '../providers/registry.js';
import {
  EVM_NATIVE,
  type Provider,
  type ProviderFailure,
  type ProviderId,
  type ProviderQuote,
  type QuoteRequest,
  type StoredQuote,
  type TokenRef,
} from '../providers/types.js';
import type { PartnersService } from '../partners/service.js';
import type { AssetsApi, TokenInfo } from './assets-api.js';
import { assertAddressFor } from './addresses.js';
import { decideFees, defaultChannel, type FeeSettings } from './fees.js';
import { failedCallOutcome, type ProviderCall, quoteWithTimeout, requestKey, toFailure } from './fanout.js';

export type { ProviderCall };
import type { Channel, QuoteParams } from './input.js';
import { rankQuotes } from './ranking.js';
import { loadQuote, type QuoteRecord, type QuoteStore } from './store.js';
import type { CallsBody } from './calls/input.js';
import { checkAgainstExecutor, checkAgainstOutput, checkSelectors, expandAction, normaliseCalls } from './calls/checks.js';
import type { CallsSimulator, SimulationReport } from './calls/simulate.js';
import { CallCanceled, withProviderTimeout } from '../providers/deadline.js';
import { enoughAnswered, nextCheckMs } from './wait.js';
import { newQuoteSetId, newQuoteTag, quoteIdOf } from './quote-id.js';
import { activeTracer, inSpan } from '../trace.js';

export interface QuoteCaller {
  auth: KeyAuth | null;
  channel?: Channel;
}

/** A quote as sent to clients. */
export interface QuoteView {
  quoteId: string;
  provider: string;
  srcAmount: string;
  dstAmount: string;
  dstAmountMin: string;
  estimatedSeconds: number;
  fees: { ourFeeBps: number; integratorFeeBps?: number; integrator?: string; providerFeeUsd?: number; gasUsd?: number };
  expiresAt: number;
  gasOnArrival?: ProviderQuote['gasOnArrival'];
  calls?: ProviderQuote['calls'];
  simulation?: ProviderQuote['simulation'];
}

export interface QuoteResponse {
  best: QuoteView;
  quotes: QuoteView[];
  errors: ProviderFailure[];
  /** With `waitMs`: the providers not waited for (their calls were canceled). Absent when every provider answered. */
  pending?: ProviderId[];
}

/** One message of a streamed quote: complete on its own. */
export interface QuoteStreamMessage {
  /** The first of `quotes`; null until a provider has quoted. */
  best: QuoteView | null;
  /** Every quote so far, best first, each stored and buildable. */
  quotes: QuoteView[];
  /** Every provider failure so far. */
  errors: ProviderFailure[];
  /** Providers still being asked. */
  pending: ProviderId[];
  /** The last message: every provider has answered (`quotes` empty then means no provider could quote). */
  complete: boolean;
}

/** What one request asks: whom, with which request, and the failures found before asking. */
interface QuotePlan {
  req: QuoteRequest;
  tradeType: QuoteRequest['tradeType'];
  gasApplies: boolean;
  channel: Channel;
  caller: QuoteCaller;
  simulate: boolean;
  asked: Provider[];
  /** The request each asked provider gets (destination calls carry each executor's gas limit). */
  requests: QuoteRequest[];
  /** Destination calls as each asked provider's quote carries them (executor, simulation); empty without calls. */
  callsOf: NonNullable<ProviderQuote['calls']>[];
  errors: ProviderFailure[];
}

type Answer = { kind: 'quote'; quote: StoredQuote } | { kind: 'failure'; failure: ProviderFailure } | { kind: 'canceled' };
type Collected = { stored: StoredQuote[]; errors: ProviderFailure[]; pending: ProviderId[] };

/** How one provider request is executed; GraphQL passes a per-request DataLoader so identical requests go out once. */
type ProviderQuoteFn = (provider: Provider, req: QuoteRequest, cancel?: AbortSignal) => Promise<ProviderQuote>;
export type ProviderQuoteLoader = DataLoader<{ provider: Provider; req: QuoteRequest }, ProviderQuote, string>;

const DEFAULT_GAS_ON_ARRIVAL_USD = 2;
const UINT256_MAX = (1n << 256n) - 1n;

export interface QuoteServiceDeps {
  config: QuotesConfig & Pick<ProvidersConfig, 'PROVIDER_TIMEOUT_MS' | 'FEE_RECIPIENT_EVM' | 'FEE_RECIPIENT_SOLANA'>;
  clock: Clock;
  log: Logger;
  /** The loaded adapters, asked in parallel. */
  providers: Pick<ProviderRegistry, 'all'>;
  assets: AssetsApi;
  /** Fee profiles of the caller's key and of the `integrator` named in the request. */
  partners: Pick<PartnersService, 'forApiKey' | 'forIntegrator'>;
  store: QuoteStore;
  /** Runs destination calls read-only on their chain (mandatory before a destination-call quote is returned). */
  simulator?: Pick<CallsSimulator, 'simulate'> & Partial<Pick<CallsSimulator, 'simulateTransactions'>>;
}

/** Headroom on the simulated gas for the provider's destination gas limit (`txsGasLimit`): +25 % and 50,000. */
export const callsGasLimit = (simulatedGas: bigint) => Number((simulatedGas * 125n) / 100n + 50_000n);

export class QuoteService {
  readonly feeSettings: FeeSettings;

  constructor(private d: QuoteServiceDeps) {
    const c = d.config;
    this.feeSettings = { channelBps: { web: c.FEE_BPS_WEB, widget: c.FEE_BPS_WIDGET, api: c.FEE_BPS_API, bot: c.FEE_BPS_BOT }, capBps: c.FEE_CAP_BPS };
  }

  /** A DataLoader for one GraphQL request: identical provider requests are sent once. */
  createLoader(): ProviderQuoteLoader {
    return new DataLoader(
      async (keys) =>
        Promise.all(keys.map(({ provider, req }) => this.callProvider(provider, req).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))))),
      { cacheKeyFn: ({ provider, req }) => requestKey(provider.id, req), batch: false },
    );
  }

  callProvider(provider: Provider, req: QuoteRequest, cancel?: AbortSignal): Promise<ProviderQuote> {
    const tracing = activeTracer() !== undefined;
    if (!this.callObservers.length && !tracing) return quoteWithTimeout(provider, req, this.d.config.PROVIDER_TIMEOUT_MS, cancel);
    // A span per call when tracing is on (the provider's HTTP requests nest in it), with the call's outcome.
    return inSpan(
      `provider quote ${provider.id}`,
      () => ({ 'provider.id': provider.id }),
      (span) => {
        const started = performance.now();
        const ended = (call: ProviderCall) => {
          span?.setAttribute('provider.outcome', call.outcome);
          if (this.callObservers.length) this.observed(call);
        };
        return quoteWithTimeout(provider, req, this.d.config.PROVIDER_TIMEOUT_MS, cancel).then(
          (q) => {
            ended({ provider: provider.id, outcome: 'ok', ms: performance.now() - started });
            return q;
          },
          (err: unknown) => {
            // A canceled call says nothing about the provider's health.
            if (err instanceof CallCanceled) span?.setAttribute('provider.outcome', 'canceled');
            else ended({ provider: provider.id, ...failedCallOutcome(err), ms: performance.now() - started });
            throw err;
          },
        );
      },
    );
  }

  private callObservers: Array<(call: ProviderCall) => void> = [];

  /** Every provider quote call, once it ends (status signals, metrics: wired in src/services.ts). Observers must not throw. */
  observeProviderCalls(observer: (call: ProviderCall) => void) {
    this.callObservers.push(observer);
  }

  private observed(call: ProviderCall) {
    for (const o of this.callObservers) {
      try {
        o(call);
      } catch (err) {
        this.d.log.warn({ err }, 'provider call observer failed');
      }
    }
  }

  /**
   * Ranked quotes for parsed parameters (`quoteParamsSchema`, `quoteRequestSchema` split by `splitQuoteRequest`), and
   * checkout payer quotes (exact output: `dstAmount`). With `destination` (calls or an action): destination-call
   * quotes, which need `dstAmount`. With `waitMs`: answers once enough providers have quoted (src/quotes/wait.ts);
   * the providers not waited for are canceled and named in `pending`.
   */
  async quote(p: QuoteParams, caller: QuoteCaller, opts: { loader?: ProviderQuoteLoader; destination?: CallsBody } = {}): Promise<QuoteResponse> {
    const plan = await this.plan(p, caller, opts.destination);
    const call: ProviderQuoteFn = opts.loader
      ? (provider, r) => opts.loader!.load({ provider, req: r })
      : (provider, r, cancel) => this.callProvider(provider, r, cancel);
    const { stored, errors, pending } = p.waitMs === undefined ? await this.collectAll(plan, call) : await this.collectUntilEnough(plan, call, p.waitMs);
    if (!stored.length) throw noRoute(errors);
    // One record for the whole response; each quote's id is the set id, its rank and its own random tag.
    const ranked = this.rank(plan, stored);
    const setId = newQuoteSetId();
    const now = this.d.clock.now(); // a set shares its creation time
    for (const [i, s] of ranked.entries()) {
      s.quoteId = quoteIdOf(setId, i, newQuoteTag());
      s.createdAt = now;
    }
    await this.storeSet(setId, ranked);
    const quotes = ranked.map(toQuoteView);
    return { best: quotes[0], quotes, errors: sortFailures(errors), ...(pending.length ? { pending } : {}) };
  }

  /**
   * Streamed quotes: the same request as `quote`, answered by a message each time a provider answers. Every message
   * is complete on its own (every quote so far, ranked, each stored and buildable before the message goes out; the
   * failures so far; the providers still asked) and the last one is marked `complete`. The request is checked before
   * the stream starts, so a bad request fails as the one-shot does; a client that leaves cancels the calls still out.
   */
  async quoteStream(p: QuoteParams, caller: QuoteCaller, opts: { destination?: CallsBody } = {}): Promise<AsyncGenerator<QuoteStreamMessage>> {
    if (p.waitMs !== undefined)
      throw new ApiError('INVALID_PARAMS', 'waitMs: a streamed quote sends every answer as it comes; waitMs applies to the one-shot quote', {
        field: 'waitMs',
      });
    return this.stream(await this.plan(p, caller, opts.destination));
  }

  /**
   * The messages of a plan. Leaving (`return()`, which graphql-ws and the REST transport call when the client goes)
   * cancels the provider calls still out at once: an async generator waiting on a provider would only see its
   * `return()` after that provider answered.
   */
  private stream(plan: QuotePlan): AsyncGenerator<QuoteStreamMessage> {
    const cancel = new AbortController();
    const messages = this.messages(plan, cancel);
    const leave = () => cancel.abort();
    return Object.assign(Object.create(messages) as AsyncGenerator<QuoteStreamMessage>, {
      next: (...a: [] | [unknown]) => messages.next(...a),
      return: (v?: unknown) => {
        leave();
        return messages.return(v as never);
      },
      throw: (e?: unknown) => {
        leave();
        return messages.throw(e);
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    });
  }

  private async *messages(plan: QuotePlan, controller: AbortController): AsyncGenerator<QuoteStreamMessage> {
    const cancel = controller.signal;
    const arrivals: { i: number; answer: Answer }[] = [];
    let wake: (() => void) | undefined;
    for (const i of plan.asked.keys()) {
      void this.answerOf(plan, i, (provider, r, c) => this.callProvider(provider, r, c), cancel).then((answer) => {
        arrivals.push({ i, answer });
        wake?.();
      });
    }
    const left = () => wake?.();
    cancel.addEventListener('abort', left, { once: true });
    const waiting = new Set(plan.asked.keys());
    const stored: StoredQuote[] = [];
    const errors = [...plan.errors];
    try {
      while (waiting.size) {
        if (!arrivals.length) await new Promise<void>((r) => (wake = r));
        wake = undefined;
        if (cancel.aborted) return;
        const { i, answer } = arrivals.shift()!;
        waiting.delete(i);
        if (answer.kind === 'quote') {
          // Each quote is a set of its own: its id stays the same in every later message, however it ranks.
          const setId = newQuoteSetId();
          answer.quote.quoteId = quoteIdOf(setId, 0, newQuoteTag());
          await this.storeSet(setId, [answer.quote]);
          stored.push(answer.quote);
        } else if (answer.kind === 'failure') errors.push(answer.failure);
        const quotes = this.rank(plan, stored).map(toQuoteView);
        yield {
          best: quotes[0] ?? null,
          quotes,
          errors: sortFailures([...errors]),
          pending: [...waiting].map((w) => plan.asked[w].id).sort(),
          complete: waiting.size === 0,
        };
      }
    } finally {
      cancel.removeEventListener('abort', left);
      controller.abort(); // however the stream ended (a store failure too), no provider call is left running for nobody
    }
  }

  /** Checks a request and decides whom to ask with what; throws what the request as a whole fails with. */
  private async plan(p: QuoteParams, caller: QuoteCaller, destination: CallsBody | undefined): Promise<QuotePlan> {
    // Static checks on raw calls come before anything else (no chain, token or provider is looked at).
    if (destination?.calls) checkSelectors(normaliseCalls(destination.calls));
    if (destination) {
      if (p.dstAmount === undefined || p.tradeType === 'EXACT_INPUT')
        throw new ApiError('INVALID_PARAMS', 'dstAmount: destination calls need dstAmount (the exact amount of dstToken the calls receive) instead of amount', {
          field: 'dstAmount',
        });
    }
    const assets = this.d.assets;
    const srcChain = assets.resolveChain(p.srcChain, 'srcChain');
    const dstChain = assets.resolveChain(p.dstChain, 'dstChain');
    const sender = assertAddressFor(srcChain.vm, p.sender, 'sender');
    const recipient = assertAddressFor(dstChain.vm, p.recipient, 'recipient');
    const [src, dst] = await Promise.all([assets.resolveToken(srcChain.id, p.srcToken, 'srcToken'), assets.resolveToken(dstChain.id, p.dstToken, 'dstToken')]);
    const tradeType = p.tradeType ?? (p.dstAmount !== undefined ? 'EXACT_OUTPUT' : 'EXACT_INPUT');
    const amount = BigInt(tradeType === 'EXACT_OUTPUT' ? p.dstAmount! : p.amount!);
    this.checkBounds(tradeType === 'EXACT_OUTPUT' ? dst : src, amount, tradeType === 'EXACT_OUTPUT' ? 'dstAmount' : 'amount');

    const channel = caller.channel ?? p.channel ?? defaultChannel(!!caller.auth);
    const [keyPartner, integratorPartner] = await Promise.all([
      caller.auth ? this.d.partners.forApiKey(caller.auth.keyId) : null,
      p.integrator ? this.d.partners.forIntegrator(p.integrator) : null,
    ]);
    const fees = decideFees(this.feeSettings, { channel, keyPartner, integratorPartner, requestedPartnerFeeBps: p.integratorFeeBps });

    const crossChain = srcChain.id !== dstChain.id;
    const gasWanted = p.gasOnArrival === true || (p.gasOnArrivalUsd !== undefined && p.gasOnArrival !== false);
    const gasApplies = gasWanted && crossChain && dstChain.vm === 'evm' && dst.address.toLowerCase() !== EVM_NATIVE;

    let calls: QuoteRequest['calls'];
    if (destination) {
      if (!crossChain)
        throw new ApiError('INVALID_PARAMS', 'calls: destination calls are cross-chain only (srcChain and dstChain are the same)', { field: 'dstChain' });
      if (dstChain.vm !== 'evm')
        throw new ApiError('INVALID_PARAMS', `calls: destination calls run on EVM chains only, not on ${dstChain.slug}`, { field: 'dstChain' });
      if (gasWanted) throw new ApiError('INVALID_PARAMS', 'gasOnArrival: cannot be combined with destination calls', { field: 'gasOnArrival' });
      const ctx = { dstToken: dst.address.toLowerCase(), dstAmount: amount, recipient };
      calls = destination.action ? expandAction(destination.action, ctx) : normaliseCalls(destination.calls!);
      checkSelectors(calls);
      checkAgainstOutput(calls, ctx);
    }

    const req: QuoteRequest = {
      src: tokenRef(src, srcChain.vm),
      dst: tokenRef(dst, dstChain.vm),
      srcVm: srcChain.vm,
      dstVm: dstChain.vm,
      tradeType,
      amount,
      sender,
      recipient,
      slippageBps: p.slippageBps,
      fees: {
        ourFeeBps: fees.ourFeeBps,
        partnerFeeBps: fees.partnerFeeBps,
        partnerId: fees.partner?.id,
        recipients: { evm: this.d.config.FEE_RECIPIENT_EVM?.toLowerCase(), svm: this.d.config.FEE_RECIPIENT_SOLANA },
        partnerRecipients: fees.partner ? { evm: fees.partner.feeRecipientEvm ?? undefined, svm: fees.partner.feeRecipientSvm ?? undefined } : undefined,
      },
      ...(gasApplies ? { gasOnArrivalUsd: p.gasOnArrivalUsd ?? DEFAULT_GAS_ON_ARRIVAL_USD } : {}),
      ...(calls ? { calls } : {}),
    };

    // With destination calls only providers that run them are asked; the others are skipped silently.
    const eligible = this.d.providers
      .all()
      .filter((pr) => pr.supportsRoute(req) && (tradeType === 'EXACT_INPUT' || pr.capabilities.exactOutput) && (!calls || pr.capabilities.destinationCalls));
    if (!eligible.length)
      throw new ApiError(
        'NO_ROUTE',
        `No loaded provider supports ${srcChain.slug}:${src.symbol} → ${dstChain.slug}:${dst.symbol}${calls ? ' with destination calls' : tradeType === 'EXACT_OUTPUT' ? ' as exact output' : ''}`,
      );

    const plan: QuotePlan = {
      req,
      tradeType,
      gasApplies,
      channel,
      caller,
      simulate: !!p.simulate,
      asked: eligible,
      requests: eligible.map(() => req),
      callsOf: [],
      errors: [],
    };
    if (calls) {
      // Each provider's executor runs the calls: simulate them from it (mandatory) before asking for a quote,
      // whose destination gas limit comes from the simulation.
      const executors = await Promise.allSettled(eligible.map((pr) => this.executorOf(pr, dstChain.id)));
      plan.asked = [];
      plan.requests = [];
      const ready: { provider: Provider; executor: string }[] = [];
      executors.forEach((e, i) => {
        if (e.status === 'rejected') plan.errors.push(toFailure(eligible[i], e.reason, this.d.log));
        else ready.push({ provider: eligible[i], executor: e.value });
      });
      const simulations = new Map<string, SimulationReport>();
      for (const executor of new Set(ready.map((r) => r.executor))) {
        checkAgainstExecutor(calls, executor);
        simulations.set(executor, await this.simulateCalls({ chainId: dstChain.id, executor, token: req.dst.address, dstAmount: amount, recipient, calls }));
      }
      for (const r of ready) {
        const sim = simulations.get(r.executor)!;
        plan.asked.push(r.provider);
        plan.requests.push({ ...req, callsGasLimit: callsGasLimit(sim.gasUsed) });
        plan.callsOf.push({
          items: calls,
          executor: r.executor,
          executed: false,
          simulation: { ok: sim.ok, gasUsed: sim.gasUsed.toString(), leftover: sim.leftover.toString() },
        });
      }
      if (!plan.asked.length) throw noRoute(plan.errors);
    }
    return plan;
  }

  /** One provider's answer to a plan: a quote to store (its id not yet given), a failure, or nothing when canceled. */
  private async answerOf(plan: QuotePlan, i: number, call: ProviderQuoteFn, cancel?: AbortSignal): Promise<Answer> {
    const provider = plan.asked[i];
    try {
      let quote = await call(provider, plan.requests[i], cancel);
      const calls = plan.callsOf[i];
      if (calls) quote = { ...quote, calls };
      const bad = sanityProblem(quote, plan.req, this.d.clock.now());
      if (bad) {
        this.d.log.warn({ provider: provider.id, problem: bad }, 'provider quote rejected by sanity check');
        return {
          kind: 'failure',
          failure: { provider: provider.id, code: 'PROVIDER_ERROR', message: `${provider.id} answered with an unusable quote (${bad})` },
        };
      }
      const stored: StoredQuote = {
        quoteId: '', // set when stored
        provider: provider.id,
        request: plan.req, // shared by the set; a per-provider callsGasLimit is not needed after the quote
        quote,
        createdAt: this.d.clock.now(),
        channel: plan.channel,
        accountId: plan.caller.auth?.accountId,
        mode: plan.caller.auth?.mode,
      };
      if (!plan.simulate) return { kind: 'quote', quote: stored };
      const kept = [stored];
      const failed: ProviderFailure[] = [];
      await this.simulateBuilt(kept, failed);
      return failed.length ? { kind: 'failure', failure: failed[0] } : { kind: 'quote', quote: kept[0] };
    } catch (err) {
      if (err instanceof CallCanceled) return { kind: 'canceled' };
      return { kind: 'failure', failure: toFailure(provider, err, this.d.log) };
    }
  }

  /** Every provider's answer. */
  private async collectAll(plan: QuotePlan, call: ProviderQuoteFn): Promise<Collected> {
    const answers = await Promise.all(plan.asked.map((_, i) => this.answerOf(plan, i, call)));
    const out: Collected = { stored: [], errors: [...plan.errors], pending: [] };
    for (const a of answers) {
      if (a.kind === 'quote') out.stored.push(a.quote);
      else if (a.kind === 'failure') out.errors.push(a.failure);
    }
    return out;
  }

  /** Answers as soon as the adaptive wait (src/quotes/wait.ts) says enough providers have quoted; the rest are canceled. */
  private collectUntilEnough(plan: QuotePlan, call: ProviderQuoteFn, waitMs: number): Promise<Collected> {
    const started = performance.now();
    const cancel = new AbortController();
    const out: Collected = { stored: [], errors: [...plan.errors], pending: [] };
    const settled = new Set<number>();
    return new Promise<Collected>((resolve) => {
      let done = false;
      let timer: NodeJS.Timeout | undefined;
      const check = () => {
        if (done) return;
        clearTimeout(timer);
        const state = { elapsedMs: performance.now() - started, waitMs, asked: plan.asked.length, quoted: out.stored.length, settled: settled.size };
        if (enoughAnswered(state)) {
          done = true;
          cancel.abort();
          out.pending = plan.asked.filter((_, i) => !settled.has(i)).map((pr) => pr.id);
          return resolve(out);
        }
        const next = nextCheckMs(state);
        if (Number.isFinite(next)) timer = setTimeout(check, Math.max(0, next - state.elapsedMs));
      };
      for (const i of plan.asked.keys()) {
        void this.answerOf(plan, i, call, cancel.signal).then((a) => {
          if (done) return;
          settled.add(i);
          if (a.kind === 'quote') out.stored.push(a.quote);
          else if (a.kind === 'failure') out.errors.push(a.failure);
          check();
        });
      }
      check();
    });
  }

  /** Best first (src/quotes/ranking.ts). */
  private rank(plan: QuotePlan, stored: StoredQuote[]): StoredQuote[] {
    return rankQuotes(
      stored.map((s) => ({
        s,
        provider: s.provider,
        srcAmount: s.quote.srcAmount,
        dstAmount: s.quote.dstAmount,
        estimatedSeconds: s.quote.estimatedSeconds,
        deliversGasOnArrival: !!s.quote.gasOnArrival,
      })),
      { tradeType: plan.tradeType, gasOnArrivalRequested: plan.gasApplies },
    ).map((r) => r.s);
  }

  close() {
    return this.d.store.close();
  }

  /**
   * `simulate: true`: each EVM quote's transaction is built and simulated from `sender` on the source chain,
   * after its approval when it spends an ERC-20. Quotes that would revert leave `stored` for `errors`
   * (SIMULATION_FAILED); those that pass carry `simulation.gasUsed`. Non-EVM quotes are left as they are.
   */
  private async simulateBuilt(stored: StoredQuote[], errors: ProviderFailure[]): Promise<void> {
    const byId = new Map(this.d.providers.all().map((pr) => [pr.id, pr]));
    const outcomes = await Promise.allSettled(
      stored.map(async (s) => {
        const provider = byId.get(s.provider);
        if (!provider || s.request.srcVm !== 'evm') return;
        const tx = await withProviderTimeout(provider.id, this.d.config.PROVIDER_TIMEOUT_MS, (signal) =>
          provider.build({ ...s, quoteId: s.quoteId || 'q_simulation' }, signal),
        );
        if (tx.vm !== 'evm') return;
        if (!this.d.simulator?.simulateTransactions) throw new ApiError('PROVIDER_ERROR', 'transaction simulation is not available on this instance');
        const steps: { label: string; to: string; data: string; value: string }[] = [];
        if (tx.spender && s.request.src.address !== EVM_NATIVE) {
          steps.push({
            label: 'the approval',
            to: s.request.src.address,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [tx.spender as Hex, s.quote.srcAmount] }),
            value: '0',
          });
        }
        steps.push({ label: 'the transaction', to: tx.to, data: tx.data, value: tx.value });
        const r = await this.d.simulator.simulateTransactions(s.request.src.chainId, s.request.sender, steps);
        s.quote = { ...s.quote, simulation: { gasUsed: r.gasUsed.toString() } };
      }),
    );
    const failed = new Set<StoredQuote>();
    outcomes.forEach((o, i) => {
      if (o.status === 'fulfilled') return;
      const provider = byId.get(stored[i].provider)!;
      failed.add(stored[i]);
      errors.push(
        isApiError(o.reason) && o.reason.code === 'SIMULATION_FAILED'
          ? { provider: provider.id, code: 'SIMULATION_FAILED', message: `${provider.id}: ${o.reason.message}` }
          : toFailure(provider, o.reason, this.d.log),
      );
    });
    const kept = stored.filter((s) => !failed.has(s));
    stored.splice(0, stored.length, ...kept);
  }

  private executorOf(provider: Provider, chainId: number): Promise<string> {
    if (!provider.callsExecutor) return Promise.reject(new ApiError('PROVIDER_ERROR', `${provider.id} names no destination-call executor`));
    return withProviderTimeout(provider.id, this.d.config.PROVIDER_TIMEOUT_MS, (signal) => provider.callsExecutor!(chainId, signal));
  }

  private simulateCalls(input: Parameters<CallsSimulator['simulate']>[0]): Promise<SimulationReport> {
    if (!this.d.simulator) return Promise.reject(new ApiError('PROVIDER_ERROR', 'destination-call simulation is not available on this instance'));
    return this.d.simulator.simulate(input);
  }

  /** Writes a set to the quote store, in a span of its own when tracing is on (its database or Redis write). */
  private storeSet(setId: string, quotes: StoredQuote[]): Promise<void> {
    return inSpan(
      'quote store put',
      () => ({ 'db.system.name': this.d.store.system, 'quote.count': quotes.length }),
      () => this.d.store.putSet(setId, quotes),
    );
  }

  /**
   * Stores a quote made outside the fan-out (checkout's direct transfer, src/checkout/direct-provider.ts) under a
   * fresh quote id, so `POST /v1/orders` builds it and its report is an order like any other. Returns the id.
   */
  async issue(quote: Omit<StoredQuote, 'quoteId'>): Promise<string> {
    const setId = newQuoteSetId();
    const stored: StoredQuote = { ...quote, quoteId: quoteIdOf(setId, 0, newQuoteTag()) };
    await this.storeSet(setId, [stored]);
    return stored.quoteId;
  }

  /** A stored quote (expired ones too while retained); QUOTE_NOT_FOUND once dropped. */
  get(quoteId: string, opts: { allowExpired?: boolean } = { allowExpired: true }): Promise<QuoteRecord> {
    return loadQuote(this.d.store, this.d.clock, quoteId, opts);
  }

  private checkBounds(token: TokenInfo, amount: bigint, field: string) {
    if (amount > UINT256_MAX) throw new ApiError('AMOUNT_TOO_LARGE', `${field}: exceeds the largest token amount (2^256-1)`, { field });
    if (token.priceUsd === undefined || !(token.priceUsd > 0)) return;
    // USD worth in units of 1e-18 USD, computed on integers: a price scaled to micro-dollars would round
    // tokens priced below 0.0000005 USD to 0 and refuse every amount of them as too small.
    const priceAtto = BigInt(Math.round(token.priceUsd * 1e18));
    if (priceAtto === 0n) return;
    const usdAtto = (amount * priceAtto) / 10n ** BigInt(token.decimals);
    const min = BigInt(Math.round(this.d.config.QUOTE_MIN_USD * 1e6)) * 10n ** 12n;
    const max = BigInt(Math.round(this.d.config.QUOTE_MAX_USD * 1e6)) * 10n ** 12n;
    if (usdAtto < min) throw new ApiError('AMOUNT_TOO_SMALL', `${field}: worth less than the minimum of ${this.d.config.QUOTE_MIN_USD} USD`, { field });
    if (usdAtto > max) throw new ApiError('AMOUNT_TOO_LARGE', `${field}: worth more than the maximum of ${this.d.config.QUOTE_MAX_USD} USD`, { field });
  }
}

const sortFailures = (errors: ProviderFailure[]) => errors.sort((a, b) => a.provider.localeCompare(b.provider));

const noRoute = (errors: ProviderFailure[]) =>
  new ApiError(
    'NO_ROUTE',
    `No provider could quote this route: ${sortFailures(errors)
      .map((e) => `${e.provider} ${e.code} (${e.message})`)
      .join('; ')}`,
    {
      errors,
    },
  );

const tokenRef = (t: TokenInfo, vm: 'evm' | 'svm'): TokenRef => ({
  chainId: t.chainId,
  address: vm === 'evm' ? t.address.toLowerCase() : t.address,
  symbol: t.symbol,
  decimals: t.decimals,
  ...(t.priceUsd !== undefined ? { priceUsd: t.priceUsd } : {}),
});

/** Guards against adapter bugs or odd upstream answers reaching a user as an executable quote. */
function sanityProblem(q: ProviderQuote, req: QuoteRequest, nowMs: number): string | undefined {
  if (q.dstAmount <= 0n || q.srcAmount <= 0n) return 'non-positive amount';
  if (q.dstAmountMin > q.dstAmount) return 'minimum above expected output';
  if (req.tradeType === 'EXACT_INPUT' && q.srcAmount !== req.amount) return 'input differs from the requested amount';
  if (req.tradeType === 'EXACT_OUTPUT' && q.dstAmountMin < req.amount) return 'guaranteed output below the requested amount';
  if (!Number.isFinite(q.expiresAt) || !Number.isFinite(q.estimatedSeconds) || q.estimatedSeconds < 0) return 'bad timing fields';
  // Build refuses a quote past expiresAt (QUOTE_EXPIRED, see store.ts), so one that is already expired is not executable.
  if (q.expiresAt * 1000 <= nowMs) return 'already expired';
  if (q.ourFeeBps > req.fees.ourFeeBps || q.partnerFeeBps > req.fees.partnerFeeBps) return 'fees above the requested fees';
  return undefined;
}

function toQuoteView(s: StoredQuote): QuoteView {
  const q = s.quote;
  const fees: QuoteView['fees'] = { ourFeeBps: q.ourFeeBps };
  if (s.request.fees.partnerId) {
    fees.integrator = s.request.fees.partnerId;
    if (q.partnerFeeBps > 0) fees.integratorFeeBps = q.partnerFeeBps;
  }
  if (q.providerFeeUsd !== undefined) fees.providerFeeUsd = q.providerFeeUsd;
  if (q.gasUsd !== undefined) fees.gasUsd = q.gasUsd;
  return {
    quoteId: s.quoteId,
    provider: s.provider,
    srcAmount: q.srcAmount.toString(),
    dstAmount: q.dstAmount.toString(),
    dstAmountMin: q.dstAmountMin.toString(),
    estimatedSeconds: Math.round(q.estimatedSeconds),
    fees,
    expiresAt: Math.floor(q.expiresAt),
    ...(q.gasOnArrival ? { gasOnArrival: q.gasOnArrival } : {}),
    ...(q.calls ? { calls: q.calls } : {}),
    ...(q.simulation ? { simulation: q.simulation } : {}),
  };
}

/**
 * What other domains use of quotes besides the service: the stored quote record (orders and checkout execute it),
 * the fee policy and asset lookups deposits and limit orders price with, address checks and retention.
 */
export type { QuoteRecord } from './record.js';
export { decideFees, defaultChannel, type FeeSettings } from './fees.js';
export { assertAddressFor, assertTxHashFor } from './addresses.js';
export type { AssetsApi, TokenInfo } from './assets-api.js';
export { QUOTE_RETENTION_MS } from './store.js';
