import type { Logger } from '../log.js';
import { systemClock, type Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import type { ProvidersConfig } from './config.js';
import { DEFAULT_PROVIDERS, PROVIDER_IDS, type Provider, type ProviderId } from './types.js';

/** What every adapter is built with besides config: the app clock (quote expiry) and the logger. */
interface ProviderDeps {
  clock: Clock;
  log: Logger;
}

/** The one factory signature: each provider's index.ts exports one, and src/providers/factories.ts lists them. */
export type ProviderFactory = (config: ProvidersConfig, deps: ProviderDeps) => Provider;

/**
 * The providers loaded in this instance. `PROVIDERS` (comma-separated) selects them, default all real
 * ones; `mock` loads only with MOCK_PROVIDER=1 and never in production.
 */
export class ProviderRegistry {
  private loaded = new Map<ProviderId, Provider>();

  constructor(
    config: ProvidersConfig,
    log: Logger,
    factories: Partial<Record<ProviderId, ProviderFactory>> = {},
    deps: Pick<ProviderDeps, 'clock'> = { clock: systemClock },
  ) {
    const listed = config.PROVIDERS?.includes('none') ? [] : config.PROVIDERS;
    const wanted = (listed ?? [...DEFAULT_PROVIDERS, ...(config.MOCK_PROVIDER ? (['mock'] as const) : [])]) as string[];
    for (const id of wanted) {
      if (!(PROVIDER_IDS as readonly string[]).includes(id)) throw new Error(`PROVIDERS: unknown provider "${id}"`);
      if (id === 'mock' && (!config.MOCK_PROVIDER || config.NODE_ENV === 'production')) {
        log.warn('PROVIDERS lists mock but MOCK_PROVIDER is off (or NODE_ENV=production); mock not loaded');
        continue;
      }
      const factory = factories[id as ProviderId];
      if (!factory) {
        log.warn({ provider: id }, 'no adapter for provider yet; not loaded');
        continue;
      }
      this.loaded.set(id as ProviderId, factory(config, { clock: deps.clock, log }));
    }
  }

  /** Loads (or replaces) an adapter built elsewhere, e.g. one pointed at a fixture server. */
  register(provider: Provider): void {
    this.loaded.set(provider.id, provider);
  }

  ids(): ProviderId[] {
    return [...this.loaded.keys()];
  }

  all(): Provider[] {
    return [...this.loaded.values()];
  }

  get(id: string): Provider {
    const p = this.loaded.get(id as ProviderId);
    if (!p)
      throw new ApiError('INVALID_PARAMS', `provider: "${id}" is not loaded in this instance (loaded: ${this.ids().join(', ') || 'none'})`, {
        field: 'provider',
      });
    return p;
  }
}
