import { api } from './api.js';
import { h } from './dom.js';
import { formatUnits } from './format.js';
import { qrSvg } from './qr.js';

/** What POST /v1/checkout/sessions/{id}/deposit-address answers. */
export interface TransferOffer {
  depositAddressId: string;
  address: string;
  chainId: number;
  token: string;
  tokenSymbol: string;
  tokenDecimals: number;
  amount: string;
  amountDue: string;
  uri: string;
  /** Where a refund goes: fixed when the address was made (asked again with another one, the same address answers). */
  refundTo: string;
  livemode: boolean;
}

/** The chains and tokens offered for "pay by transfer" (USDC/USDT where the provider serves them). */
export const TRANSFER_CHOICES: Array<{ chainId: number; name: string; vm: 'evm' | 'svm'; tokens: string[] }> = [
  { chainId: 42161, name: 'Arbitrum', vm: 'evm', tokens: ['USDC', 'USDT'] },
  { chainId: 8453, name: 'Base', vm: 'evm', tokens: ['USDC'] },
  { chainId: 10, name: 'Optimism', vm: 'evm', tokens: ['USDC'] },
  { chainId: 137, name: 'Polygon', vm: 'evm', tokens: ['USDC'] },
  { chainId: 1, name: 'Ethereum', vm: 'evm', tokens: ['USDC', 'USDT'] },
  { chainId: 7565164, name: 'Solana', vm: 'svm', tokens: ['USDC', 'USDT'] },
];

export const requestTransfer = (sessionId: string, body: { srcChain: number; srcToken: string; refundTo: string }) =>
  api<TransferOffer>(`/v1/checkout/sessions/${encodeURIComponent(sessionId)}/deposit-address`, body);

export const simulateTransfer = (sessionId: string, depositAddressId: string) =>
  api<unknown>(`/v1/checkout/sessions/${encodeURIComponent(sessionId)}/deposit-address/simulate`, { depositAddressId });

/** Same address? EVM addresses compare case-insensitively, Solana ones exactly. */
const sameAddress = (a: string, b: string) => (/^0x/i.test(a) ? a.toLowerCase() === b.toLowerCase() : a === b);

/**
 * The offer: the address, the exact amount, the payment URI (as a QR code for a phone wallet, as text with a copy
 * button and as a wallet link), where refunds go (with a warning when the address was made earlier with another
 * refund address than the one just entered) and, in test mode, the "simulate payment" button.
 */
export function transferCard(o: TransferOffer, chainName: string, onSimulate: () => void, busy: boolean, enteredRefundTo?: string): HTMLElement {
  const amount = formatUnits(o.amount, o.tokenDecimals);
  const otherRefund = !!enteredRefundTo && !sameAddress(enteredRefundTo, o.refundTo);
  const copy = (text: string, label: string) =>
    h('button', { type: 'button', class: 'copy', onclick: () => void navigator.clipboard?.writeText(text).catch(() => undefined) }, label);
  return h(
    'div',
    { class: 'transfer', id: 'transfer' },
    h('p', { class: 'you-pay' }, `Send exactly ${amount} ${o.tokenSymbol} on ${chainName}`),
    h('p', { class: 'muted' }, 'One transfer of exactly this amount (it includes the route fees); any other amount is refunded to your refund address.'),
    h('p', { class: 'label', id: 'transfer-address-label' }, 'To this address'),
    h('code', { id: 'transfer-address', class: 'address' }, o.address),
    copy(o.address, 'Copy address'),
    h('p', { class: 'label', id: 'transfer-amount-label' }, 'Amount'),
    h('code', { id: 'transfer-amount' }, `${amount} ${o.tokenSymbol}`),
    copy(amount, 'Copy amount'),
    h('p', { class: 'label', id: 'transfer-uri-label' }, 'Payment link (EIP-681 / Solana Pay)'),
    h('div', { class: 'qr', id: 'transfer-qr' }, qrSvg(o.uri, 'QR code of the payment link: scan it with a wallet app')),
    h('code', { id: 'transfer-uri', class: 'uri' }, o.uri),
    copy(o.uri, 'Copy payment link'),
    h('a', { href: o.uri, class: 'wallet-link' }, 'Open in a wallet app'),
    h('p', { class: 'label', id: 'transfer-refund-label' }, 'Refunds go to'),
    h('code', { id: 'transfer-refund-to', class: 'address' }, o.refundTo),
    otherRefund
      ? h(
          'p',
          { class: 'error', id: 'transfer-refund-note', role: 'alert' },
          `This payment already has a deposit address on ${chainName} for ${o.tokenSymbol}, made with the refund address above, not the one you entered: a refund of a transfer to it goes there. If that is not your wallet, pick another network or token.`,
        )
      : null,
    h('p', { class: 'muted', id: 'transfer-status' }, 'Waiting for your transfer… this page updates by itself.'),
    o.livemode
      ? null
      : h(
          'button',
          { type: 'button', id: 'simulate-button', class: 'primary', disabled: busy, onclick: onSimulate },
          busy ? 'Simulating…' : 'Simulate payment (test mode)',
        ),
  );
}
