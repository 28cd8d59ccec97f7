import bs58 from 'bs58';
import { getAddress, isAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { invalidParams } from '../errors.js';
import { randomBase62 } from '../ids.js';

/**
 * The sign-in message: EIP-4361 ("Sign-In With Ethereum") for EVM wallets, and the same text with "Solana
 * account" and a cluster name as chain id ("Sign-In With Solana") for Solana wallets. Pure: every value comes
 * from the caller, which takes them from the server's own configuration and clock, never from the request
 * (the request names only the address and, for EVM, the chain).
 */

export type ChainType = 'evm' | 'solana';

/** The fixed statement every message carries (one line: EIP-4361 forbids a newline in it). */
export const SIGN_IN_STATEMENT = 'Sign in to the merchant dashboard. Signing this message sends no transaction and costs nothing.';

/** The chain id of every Solana message: the cluster the service pays and is paid on. */
export const SIWS_CHAIN_ID = 'mainnet';

/** 128 bits of randomness in 22 base62 characters: EIP-4361 asks at least 8 alphanumeric characters. */
export const newSignInNonce = () => randomBase62(128);

/** What a message is built from. `chainId` is a number for EVM and `SIWS_CHAIN_ID` for Solana. */
export interface SignInFields {
  chainType: ChainType;
  /** EVM: EIP-55 checksummed; Solana: the base58 public key. As `normalizeSignInAddress` spells it. */
  address: string;
  chainId: number | string;
  /** The host (and port, when not the default) of PUBLIC_URL. */
  domain: string;
  /** Where the dashboard is: PUBLIC_URL's origin + `/dashboard`. */
  uri: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}

/** `domain` and `uri` of every message, from PUBLIC_URL: its host (port included) and origin + `/dashboard`. */
export function signInOrigin(publicUrl: string): { domain: string; uri: string } {
  const url = new URL(publicUrl);
  return { domain: url.host, uri: `${url.origin}/dashboard` };
}

/** The message text, byte for byte what the wallet signs. */
export function buildSignInMessage(f: SignInFields): string {
  if (f.chainType === 'evm') {
    return createSiweMessage({
      address: getAddress(f.address),
      chainId: Number(f.chainId),
      domain: f.domain,
      uri: f.uri,
      version: '1',
      nonce: f.nonce,
      statement: SIGN_IN_STATEMENT,
      issuedAt: f.issuedAt,
      expirationTime: f.expiresAt,
    });
  }
  // The layout of createSiweMessage (domain line, address, blank line, statement, blank line, fields), with the
  // Solana account and cluster: what Solana wallets display as a sign-in request.
  return [
    `${f.domain} wants you to sign in with your Solana account:`,
    f.address,
    '',
    SIGN_IN_STATEMENT,
    '',
    `URI: ${f.uri}`,
    'Version: 1',
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt.toISOString()}`,
    `Expiration Time: ${f.expiresAt.toISOString()}`,
  ].join('\n');
}

/** A base58 string of a 32-byte ed25519 public key (a Solana wallet address). */
export function isSolanaPublicKey(s: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(s)) return false;
  try {
    return bs58.decode(s).length === 32;
  } catch {
    return false;
  }
}

/**
 * The one spelling of a wallet address: EVM EIP-55 checksummed (any case accepted), Solana as the base58 key.
 * Memberships, challenges and sessions compare these. Malformed → INVALID_PARAMS on `field`.
 */
export function normalizeSignInAddress(chainType: ChainType, raw: string, field = 'address'): string {
  const s = raw.trim();
  if (chainType === 'evm') {
    if (!isAddress(s, { strict: false })) throw invalidParams(field, 'must be a 0x-prefixed 20-byte hex address');
    return getAddress(s);
  }
  if (!isSolanaPublicKey(s)) throw invalidParams(field, 'must be a base58 Solana public key (32 bytes)');
  return s;
}

/** The chain type an address is spelt for (a member is invited by address alone). Malformed → INVALID_PARAMS. */
export function chainTypeOfAddress(raw: string, field = 'address'): ChainType {
  const s = raw.trim();
  if (/^0x/i.test(s)) return 'evm';
  if (isSolanaPublicKey(s)) return 'solana';
  throw invalidParams(field, 'must be an EVM address (0x + 40 hex digits) or a base58 Solana public key');
}
