import { PublicKey, TransactionInstruction, TransactionMessage, VersionedTransaction, type AddressLookupTableAccount } from '@solana/web3.js';
import { ApiError } from '../../errors.js';
import type { RelayMainTx } from './mapping.js';

/** What building a Solana transaction needs from an RPC node (a @solana/web3.js Connection fits). */
export interface SolanaRpc {
  getLatestBlockhash(): Promise<{ blockhash: string }>;
  getAddressLookupTable(key: PublicKey): Promise<{ value: AddressLookupTableAccount | null }>;
}

/**
 * Relay answers Solana origins with raw instructions (data in hex) and lookup-table addresses; the
 * client compiles them into a v0 transaction paid by the sender. Returned unsigned, base64.
 */
export async function buildSolanaTx(main: Extract<RelayMainTx, { vm: 'svm' }>, payer: string, rpc: SolanaRpc): Promise<string> {
  const instructions = main.tx.instructions.map(
    (ix) =>
      new TransactionInstruction({
        programId: new PublicKey(ix.programId),
        keys: ix.keys.map((k) => ({ pubkey: new PublicKey(k.pubkey), isSigner: k.isSigner, isWritable: k.isWritable })),
        data: Buffer.from(ix.data.replace(/^0x/, ''), 'hex'),
      }),
  );
  const [tables, { blockhash }] = await Promise.all([
    Promise.all(
      main.tx.addressLookupTableAddresses.map(async (a) => {
        const r = await rpc.getAddressLookupTable(new PublicKey(a));
        if (!r.value) throw new ApiError('PROVIDER_ERROR', `relay: address lookup table ${a} not found on Solana`);
        return r.value;
      }),
    ),
    rpc.getLatestBlockhash(),
  ]);
  const message = new TransactionMessage({ payerKey: new PublicKey(payer), recentBlockhash: blockhash, instructions }).compileToV0Message(tables);
  return Buffer.from(new VersionedTransaction(message).serialize()).toString('base64');
}
