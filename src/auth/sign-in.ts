import type { Hex, PublicClient } from 'viem';
import { isHex } from 'viem';
import { verifySiweMessage } from 'viem/siwe';
import type { MemberRow } from '../accounts/service.js';
import type { CoreConfig } from '../core-config.js';
import type { Prisma as PrismaNs } from '../db/generated/client.js';
import { ApiError, invalidParams } from '../errors.js';
import type { Handles } from '../handles.js';
import type { AuthConfig } from './config.js';
import type { ChallengeInput, SignInInput } from './input.js';
import { displayWallet, normalizeWallet, type ChainType } from '../accounts/input.js';
import { buildSignInMessage, newSignInNonce, signInOrigin, SIWS_CHAIN_ID } from './message.js';
import type { AuthService, ClientMeta, SessionView } from './service.js';
import { decodeSolanaSignature, verifySolanaSignature } from './solana.js';
import { challengeVerdict } from './state.js';

type Tx = PrismaNs.TransactionClient;

/** The EVM chains sign-in may name: those the service knows and can reach (src/assets), each with its client. */
export interface SignInChains {
  /** Whether `chainId` is an EVM chain of the service's chain list with an RPC endpoint. */
  served(chainId: number): boolean;
  /** The public client of a served chain: EIP-1271 and EIP-6492 signatures are checked on it. */
  client(chainId: number): PublicClient;
}

/** Memberships, owned by the accounts domain; sign-in reads and creates them inside its own transaction. */
export interface SignInMemberships {
  /**
   * The wallet's memberships, most recently joined first (invitations not yet accepted last; sign-in skips them),
   * each saying whether its account is suspended.
   */
  membershipsOf(chainType: ChainType, address: string, tx: Tx): Promise<Array<MemberRow & { accountSuspended: boolean }>>;
  /** A new account named after the wallet, with the wallet as its owner (a first sign-in). */
  createAccountWithOwner(chainType: ChainType, address: string, tx: Tx): Promise<MemberRow>;
}

export interface ChallengeView {
  nonce: string;
  /** The text the wallet signs, byte for byte. */
  message: string;
  expiresAt: Date;
}

export interface SignInResult {
  token: string;
  session: SessionView;
  /** True when this sign-in created the wallet's account. */
  newAccount: boolean;
}

/** EVM signatures are hex; ERC-6492 ones carry a factory call, so they are longer than 65 bytes, but bounded. */
const MAX_EVM_SIGNATURE_BYTES = 8192;

const rejected = (why: string) => new ApiError('UNAUTHORIZED', why);
const UNKNOWN = 'The sign-in challenge is unknown: ask for a new one';
const USED = 'The sign-in challenge was already used: ask for a new one';
const EXPIRED = 'The sign-in challenge has expired: ask for a new one';
const STALE = 'The sign-in challenge is no longer valid: ask for a new one';
const MISMATCH = 'The signature does not match the sign-in message';

/**
 * Wallet sign-in: a challenge (the server builds the whole EIP-4361 / Sign-In With Solana message from its own
 * PUBLIC_URL, clock and nonce, and stores it), then the signed challenge (checked against the stored message only,
 * spent once, in the transaction that opens the session). Rules: docs/accounts.md, "Verification rules".
 */
export class SignInService {
  constructor(
    private readonly d: Pick<Handles, 'prisma' | 'clock'> & {
      config: Pick<AuthConfig, 'SIGN_IN_CHALLENGE_TTL_SECONDS'> & Pick<CoreConfig, 'PUBLIC_URL'>;
      chains: SignInChains;
      memberships: SignInMemberships;
      sessions: Pick<AuthService, 'createSession'>;
    },
  ) {}

  /** A new challenge for the wallet: the message to sign, its nonce and when it stops being accepted. */
  async challenge(input: ChallengeInput): Promise<ChallengeView> {
    const chainId = input.chainType === 'evm' ? input.chainId! : null;
    if (chainId !== null && !this.d.chains.served(chainId)) throw invalidParams('chainId', `chain ${chainId} is not an EVM chain this service serves`);
    const address = normalizeWallet(input.chainType, input.address);
    const now = this.d.clock.now();
    const nonce = newSignInNonce();
    const issuedAt = new Date(now);
    const expiresAt = new Date(now + this.d.config.SIGN_IN_CHALLENGE_TTL_SECONDS * 1000);
    const message = this.messageOf({ chainType: input.chainType, address, chainId, nonce, issuedAt, expiresAt });
    await this.d.prisma.signInChallenge.create({ data: { nonce, chainType: input.chainType, address, chainId, message, issuedAt, expiresAt } });
    return { nonce, message, expiresAt };
  }

  /**
   * Checks the signed challenge and opens a session: UNAUTHORIZED when the nonce is unknown, used or expired, or
   * the signature is not the wallet's over the stored message. The challenge is spent in the transaction that
   * creates the session, so of two sign-ins racing with one nonce exactly one gets a session.
   */
  async signIn(input: SignInInput, meta: ClientMeta): Promise<SignInResult> {
    const row = await this.d.prisma.signInChallenge.findUnique({ where: { nonce: input.nonce } });
    if (!row) throw rejected(UNKNOWN);
    const now = this.d.clock.now();
    const verdict = challengeVerdict(row, now);
    if (verdict === 'used') throw rejected(USED);
    if (verdict === 'expired') throw rejected(EXPIRED);
    if (verdict !== 'open') throw rejected(STALE);
    const chainType = row.chainType as ChainType;
    // The expected message, rebuilt from the stored challenge and today's PUBLIC_URL: a challenge issued for another
    // domain or URI (the service moved), or a chain no longer served, is not accepted.
    if (row.chainId !== null && !this.d.chains.served(row.chainId)) throw rejected(STALE);
    const expected = this.messageOf({ ...row, chainType, nonce: row.nonce });
    if (expected !== row.message) throw rejected(STALE);
    if (!(await this.verified(chainType, row.address, row.chainId, row.message, row.nonce, input.signature, now))) throw rejected(MISMATCH);

    return this.d.prisma.$transaction(async (tx) => {
      // Spent once: of two concurrent sign-ins the second waits on this row, then finds it used and updates nothing.
      const spent = await tx.signInChallenge.updateMany({ where: { nonce: row.nonce, usedAt: null }, data: { usedAt: new Date(now) } });
      if (spent.count !== 1) throw rejected(USED);
      const { member, newAccount } = await this.memberFor(chainType, row.address, tx);
      const { token, session } = await this.d.sessions.createSession(member, meta, tx);
      return { token, session, newAccount };
    });
  }

  private messageOf(c: { chainType: ChainType; address: string; chainId: number | null; nonce: string; issuedAt: Date; expiresAt: Date }): string {
    return buildSignInMessage({
      ...signInOrigin(this.d.config.PUBLIC_URL),
      chainType: c.chainType,
      address: displayWallet(c.chainType, c.address),
      chainId: c.chainType === 'evm' ? c.chainId! : SIWS_CHAIN_ID,
      nonce: c.nonce,
      issuedAt: c.issuedAt,
      expiresAt: c.expiresAt,
    });
  }

  private async verified(chainType: ChainType, address: string, chainId: number | null, message: string, nonce: string, signature: string, now: number) {
    if (chainType === 'solana') {
      const bytes = decodeSolanaSignature(signature);
      if (!bytes) throw invalidParams('signature', 'must be the 64-byte ed25519 signature in base58, or in base64 with its padding');
      return verifySolanaSignature(message, bytes, address);
    }
    if (!isHex(signature, { strict: true }) || signature.length % 2 !== 0 || signature.length < 4 || (signature.length - 2) / 2 > MAX_EVM_SIGNATURE_BYTES) {
      throw invalidParams('signature', `must be a 0x-prefixed hex signature of at most ${MAX_EVM_SIGNATURE_BYTES} bytes`);
    }
    try {
      // viem checks what it is given (domain, nonce, address, time) and the signature through the chain's client:
      // an EOA by recovery, an EIP-1271 contract wallet by `isValidSignature`, an EIP-6492 counterfactual account
      // through the universal validator (eth_call), so undeployed smart accounts verify too.
      const { domain } = signInOrigin(this.d.config.PUBLIC_URL);
      return await verifySiweMessage(this.d.chains.client(chainId!), {
        message,
        signature: signature as Hex,
        address: displayWallet('evm', address) as Hex,
        domain,
        nonce,
        time: new Date(now),
      });
    } catch (err) {
      throw new ApiError('SERVICE_UNAVAILABLE', `Chain ${chainId} could not be reached to check the signature: try again`, undefined, { cause: err });
    }
  }

  /** The member the wallet signs in as: the account it used last, else its newest membership (not suspended ones first), else a new account. */
  private async memberFor(chainType: ChainType, address: string, tx: Tx): Promise<{ member: MemberRow; newAccount: boolean }> {
    // One sign-in of a wallet at a time decides its account: two first sign-ins at once (two challenges) make one
    // account, not two. Held until the transaction ends.
    await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtextextended(${`sign-in:${chainType}:${address}`}, 0))`;
    // Only accounts the wallet joined count: an invitation is accepted by switching to it (switchDashboardAccount),
    // never by signing in, so nobody can pull a wallet into their account by inviting it before its first sign-in.
    const joined = (await this.d.memberships.membershipsOf(chainType, address, tx)).filter((m) => m.joinedAt !== null);
    if (joined.length === 0) return { member: await this.d.memberships.createAccountWithOwner(chainType, address, tx), newAccount: true };
    // A suspended account is never chosen while the wallet has another; with none, the session opens and every
    // request of it (the sign-in's own answer first) is FORBIDDEN, saying the account is suspended.
    const usable = joined.filter((m) => !m.accountSuspended);
    const memberships = usable.length ? usable : joined;
    const last = await tx.dashboardSession.findFirst({
      where: { chainType, address, memberId: { in: memberships.map((m) => m.id) } },
      orderBy: { lastSeenAt: 'desc' },
      select: { memberId: true },
    });
    const member = memberships.find((m) => m.id === last?.memberId) ?? memberships[0]!;
    return { member, newAccount: false };
  }
}
