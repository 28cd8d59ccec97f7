import { ApiError } from '../../errors.js';

/** The mock's failures as our typed errors (it has no HTTP API, so no error body or table: each failure is named here). */
export const mockErrors = {
  noPrice: (symbol: string) => new ApiError('NO_ROUTE', `mock: no price for ${symbol}`),
  tooSmall: () => new ApiError('AMOUNT_TOO_SMALL', 'mock: amount too small to quote'),
  noContext: () => new ApiError('QUOTE_NOT_FOUND', 'quote has no mock context to build from'),
  notATxHash: () => new ApiError('ORDER_NOT_FOUND', 'mock: orders are tracked by their source transaction hash'),
  notAnOrder: () => new ApiError('ORDER_NOT_FOUND', 'mock: not a mock order transaction'),
  unknownTx: (hash: string) => new ApiError('ORDER_NOT_FOUND', `mock: transaction ${hash} is not known on the devnet`),
  makerReverted: (hash: string) => new ApiError('PROVIDER_ERROR', `mock: maker transfer ${hash} reverted`),
  overpaid: () => new ApiError('PROVIDER_ERROR', 'mock: order asks for more than the paid amount buys; not filled'),
};
