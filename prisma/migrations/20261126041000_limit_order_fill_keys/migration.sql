-- A limit-order fill record's src_tx_hash is the keeper's fill transaction. One keeper transaction can fill
-- several limit orders (and anyone can report a public transaction hash as the source of a swap first), so
-- fill records are unique per (limit order, fill transaction) and stay out of the one-record-per-source-
-- transaction rule that reported swaps and deposits keep.
DROP INDEX "orders_src_chain_id_src_tx_hash_key";
CREATE UNIQUE INDEX "orders_src_chain_id_src_tx_hash_key" ON "orders"("src_chain_id", "src_tx_hash") WHERE "limit_order_id" IS NULL;
CREATE UNIQUE INDEX "orders_limit_order_id_src_tx_hash_key" ON "orders"("limit_order_id", "src_tx_hash") WHERE "limit_order_id" IS NOT NULL;
DROP INDEX "orders_limit_order_id_idx";
