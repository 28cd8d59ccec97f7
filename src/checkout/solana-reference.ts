import { PublicKey } from '@solana/web3.js';
import { sessionReferenceBytes } from './verify/evidence.js';

/** The session's Solana Pay reference key (base58): a read-only account of its direct transfer (verify/evidence.ts). */
export const sessionReference = (sessionId: string): string => new PublicKey(sessionReferenceBytes(sessionId)).toBase58();
