import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { randomBase62 } from '../ids.js';
import type { ChainType } from '../accounts/input.js';

/**
 * The sign-in message: EIP-4361 ("Sign-In With Ethereum") for EVM wallets, and the same text with "Solana
 * account" and a cluster name as chain id ("Sign-In With Solana") for Solana wallets. Pure: every value comes
 * from the caller, which takes them from the server's own configuration and clock, never from the request
 * (the request names only the address and, for EVM, the chain).
 */

/** The fixed statement every message carries (one line: EIP-4361 forbids a newline in it). */
export const SIGN_IN_STATEMENT = 'Sign in to the merchant dashboard. Signing this message sends no transaction and costs nothing.';

/** The chain id of every Solana message: the cluster the service pays and is paid on. */
export const SIWS_CHAIN_ID = 'mainnet';

/** 128 bits of randomness in 22 base62 characters: EIP-4361 asks at least 8 alphanumeric characters. */
export const newSignInNonce = () => randomBase62(128);

/** What a message is built from. `chainId` is a number for EVM and `SIWS_CHAIN_ID` for Solana. */
export interface SignInFields {
  chainType: ChainType;
  /** EVM: any case (the message shows it EIP-55 checksummed); Solana: the base58 public key. */
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
