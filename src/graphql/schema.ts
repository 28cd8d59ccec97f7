import { builder } from './builder.js';
import './errors.js';
// Each module adds its types and fields to the shared builder; keep this list sorted.
import './modules/accounts.js';
import './modules/assets.js';
import './modules/auth.js';
import './modules/checkout.js';
import './modules/dashboard.js';
import './modules/deposits.js';
import './modules/events.js';
import './modules/exports.js';
import './modules/invoices.js';
import './modules/ledger.js';
import './modules/limit-orders.js';
import './modules/meta.js';
import './modules/orders.js';
import './modules/partners.js';
import './modules/quotes.js';
import './modules/request-logs.js';
import './modules/admin.js';
import './modules/admin-accounts.js';
import './modules/admin-partners.js';
import './modules/billing.js';
import './modules/webhooks.js';

export const schema = builder.toSchema({ sortSchema: true });
