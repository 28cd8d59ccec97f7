import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { buildSignInMessage, newSignInNonce, SIGN_IN_STATEMENT, signInOrigin, SIWS_CHAIN_ID } from '../../src/auth/message.js';
import { challengeVerdict } from '../../src/auth/state.js';
import { decodeSolanaSignature, verifySolanaSignature } from '../../src/auth/solana.js';
import { signSolanaMessage } from '../fixtures/solana-wallet.js';

const issuedAt = new Date('2030-01-02T03:04:05.678Z');
const expiresAt = new Date('2030-01-02T03:09:05.678Z');
const evmKey = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

describe('signInOrigin', () => {
  it.each([
    ['https://pay.example.com', 'pay.example.com', 'https://pay.example.com/dashboard'],
    ['https://pay.example.com/', 'pay.example.com', 'https://pay.example.com/dashboard'],
    ['https://pay.example.com:8443/api', 'pay.example.com:8443', 'https://pay.example.com:8443/dashboard'],
    ['http://localhost:8787', 'localhost:8787', 'http://localhost:8787/dashboard'],
    ['https://pay.example.com:443', 'pay.example.com', 'https://pay.example.com/dashboard'],
  ])('%s → domain %s, uri %s', (publicUrl, domain, uri) => {
    expect(signInOrigin(publicUrl)).toEqual({ domain, uri });
  });
});

describe('buildSignInMessage', () => {
  const common = { domain: 'pay.example.com', uri: 'https://pay.example.com/dashboard', nonce: 'N0nce1234567890abcdefg', issuedAt, expiresAt };

  it('EVM: an EIP-4361 message that viem parses back to exactly the fields given', () => {
    const message = buildSignInMessage({ ...common, chainType: 'evm', address: evmKey.address.toLowerCase(), chainId: 8453 });
    expect(parseSiweMessage(message)).toEqual({
      address: evmKey.address, // checksummed
      chainId: 8453,
      domain: 'pay.example.com',
      uri: 'https://pay.example.com/dashboard',
      version: '1',
      nonce: common.nonce,
      statement: SIGN_IN_STATEMENT,
      issuedAt,
      expirationTime: expiresAt,
    });
  });

  it('Solana: the EIP-4361 layout line for line, with the Solana account and the cluster as chain id', () => {
    const address = Keypair.generate().publicKey.toBase58();
    const message = buildSignInMessage({ ...common, chainType: 'solana', address, chainId: SIWS_CHAIN_ID });
    expect(message).toBe(
      [
        'pay.example.com wants you to sign in with your Solana account:',
        address,
        '',
        SIGN_IN_STATEMENT,
        '',
        'URI: https://pay.example.com/dashboard',
        'Version: 1',
        'Chain ID: mainnet',
        `Nonce: ${common.nonce}`,
        'Issued At: 2030-01-02T03:04:05.678Z',
        'Expiration Time: 2030-01-02T03:09:05.678Z',
      ].join('\n'),
    );
    // The same text viem writes for an Ethereum account, but for the account line and the chain id.
    const evm = createSiweMessage({ ...common, address: evmKey.address, chainId: 1, version: '1', statement: SIGN_IN_STATEMENT, expirationTime: expiresAt });
    const asSolana = evm.replace('Ethereum account', 'Solana account').replace(evmKey.address, address).replace('Chain ID: 1', 'Chain ID: mainnet');
    expect(message).toBe(asSolana);
  });
});

describe('nonces and challenge lifetime', () => {
  it('nonces: 22 base62 characters (128 bits), never the same twice', () => {
    const nonces = Array.from({ length: 200 }, newSignInNonce);
    for (const n of nonces) expect(n).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  const at = (iso: string) => Date.parse(iso);
  const c = { issuedAt: new Date('2030-01-01T00:00:00.000Z'), expiresAt: new Date('2030-01-01T00:05:00.000Z') };
  it.each([
    ['at its issue', { ...c, usedAt: null }, '2030-01-01T00:00:00.000Z', 'open'],
    ['a millisecond before its expiry', { ...c, usedAt: null }, '2030-01-01T00:04:59.999Z', 'open'],
    ['at its expiry', { ...c, usedAt: null }, '2030-01-01T00:05:00.000Z', 'expired'],
    ['before its issue (the clock went back)', { ...c, usedAt: null }, '2029-12-31T23:59:59.999Z', 'not_yet'],
    ['used, while still in time', { ...c, usedAt: new Date('2030-01-01T00:01:00.000Z') }, '2030-01-01T00:02:00.000Z', 'used'],
    ['used and expired', { ...c, usedAt: new Date('2030-01-01T00:01:00.000Z') }, '2030-01-01T01:00:00.000Z', 'used'],
  ] as const)('a challenge %s is %s', (_name, challenge, now, verdict) => {
    expect(challengeVerdict(challenge, at(now))).toBe(verdict);
  });
});

describe('Solana signatures (ed25519 over the UTF-8 bytes, web3.js keypair)', () => {
  const keypair = Keypair.generate();
  const address = keypair.publicKey.toBase58();
  const message = 'pay.example.com wants you to sign in with your Solana account:\nnaïve ünïcode ✓';
  // web3.js signs with its own ed25519, the service verifies with Node's: two implementations meet.
  const sign = (text: string, kp = keypair) => signSolanaMessage(kp, text);

  it('accepts the signature in base58 and in padded base64', () => {
    const signature = sign(message);
    for (const text of [bs58.encode(signature), Buffer.from(signature).toString('base64')]) {
      const decoded = decodeSolanaSignature(text);
      expect(decoded).not.toBeNull();
      expect(verifySolanaSignature(message, decoded!, address)).toBe(true);
    }
  });

  it('refuses another text, another key, a flipped bit', () => {
    const signature = sign(message);
    expect(verifySolanaSignature(`${message} `, signature, address)).toBe(false);
    expect(verifySolanaSignature(message, sign(message, Keypair.generate()), address)).toBe(false);
    const flipped = Uint8Array.from(signature);
    flipped[10] ^= 1;
    expect(verifySolanaSignature(message, flipped, address)).toBe(false);
    expect(verifySolanaSignature(message, signature, Keypair.generate().publicKey.toBase58())).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['hex', `0x${'ab'.repeat(64)}`],
    ['base64 without padding', Buffer.alloc(64, 1).toString('base64').replace(/=+$/, '')],
    ['base64 of 63 bytes', Buffer.alloc(63, 1).toString('base64')],
    ['base58 of 32 bytes', bs58.encode(new Uint8Array(32).fill(9))],
    ['base64url', Buffer.alloc(64, 0xfb).toString('base64url')],
  ])('undecodable signature (%s) → null', (_name, text) => {
    expect(decodeSolanaSignature(text)).toBeNull();
  });
});
