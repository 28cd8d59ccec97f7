import { toFunctionSelector } from 'viem';

/**
 * Function selectors a destination call may never use: each moves or authorizes assets of someone other
 * than the executor (a third party's tokens pulled with an allowance, or an off-chain signature turned into
 * one). The executor holds only what the order delivered, so a legitimate call never needs them.
 *
 * Listed by signature and turned into selectors with viem, so the table reads as the standards write them.
 */
const REFUSED_SIGNATURES: { signature: string; name: string }[] = [
  // ERC-20 (and ERC-721's plain transfer, which shares the selector)
  { signature: 'transferFrom(address,address,uint256)', name: 'transferFrom (ERC-20 / ERC-721)' },
  // ERC-721 safe transfers, without and with data
  { signature: 'safeTransferFrom(address,address,uint256)', name: 'safeTransferFrom (ERC-721)' },
  { signature: 'safeTransferFrom(address,address,uint256,bytes)', name: 'safeTransferFrom with data (ERC-721)' },
  // ERC-1155 safe transfers (they always carry data), single and batch
  { signature: 'safeTransferFrom(address,address,uint256,uint256,bytes)', name: 'safeTransferFrom (ERC-1155)' },
  { signature: 'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)', name: 'safeBatchTransferFrom (ERC-1155)' },
  // Signed approvals: EIP-2612 and DAI's older permit
  { signature: 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)', name: 'permit (EIP-2612)' },
  { signature: 'permit(address,address,uint256,uint256,bool,uint8,bytes32,bytes32)', name: 'permit (DAI-style)' },
  // Permit2: AllowanceTransfer
  { signature: 'permit(address,((address,uint160,uint48,uint48),address,uint256),bytes)', name: 'Permit2 permit (single)' },
  { signature: 'permit(address,((address,uint160,uint48,uint48)[],address,uint256),bytes)', name: 'Permit2 permit (batch)' },
  { signature: 'transferFrom(address,address,uint160,address)', name: 'Permit2 transferFrom' },
  { signature: 'transferFrom((address,address,uint160,address)[])', name: 'Permit2 transferFrom (batch)' },
  // Permit2: SignatureTransfer
  { signature: 'permitTransferFrom(((address,uint256),uint256,uint256),(address,uint256),address,bytes)', name: 'Permit2 permitTransferFrom' },
  { signature: 'permitTransferFrom(((address,uint256)[],uint256,uint256),(address,uint256)[],address,bytes)', name: 'Permit2 permitTransferFrom (batch)' },
  {
    signature: 'permitWitnessTransferFrom(((address,uint256),uint256,uint256),(address,uint256),address,bytes32,string,bytes)',
    name: 'Permit2 permitWitnessTransferFrom',
  },
  {
    signature: 'permitWitnessTransferFrom(((address,uint256)[],uint256,uint256),(address,uint256)[],address,bytes32,string,bytes)',
    name: 'Permit2 permitWitnessTransferFrom (batch)',
  },
];

export const REFUSED_SELECTORS: ReadonlyMap<string, string> = new Map(
  REFUSED_SIGNATURES.map(({ signature, name }) => [toFunctionSelector(`function ${signature}`), name]),
);

export const APPROVE_SELECTOR = toFunctionSelector('function approve(address,uint256)'); // 0x095ea7b3
