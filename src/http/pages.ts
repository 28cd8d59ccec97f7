import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../services.js';
import { payPageHandler } from '../checkout/page.js';
import { invoicePageHandler } from '../invoices/page.js';
import { devMailPageHandler } from '../mail/dev-page.js';

/** Non-API pages (hosted pay page, invoice page, dashboard); each returns true when it handled the request. */
export type PageHandler = (req: IncomingMessage, res: ServerResponse, url: URL, requestId: string) => Promise<boolean> | boolean;

export function pageHandlers(services: Pick<Services, 'checkout' | 'invoices' | 'mail'>, opts: { devMailPage: boolean }): PageHandler[] {
  return [payPageHandler(services.checkout), invoicePageHandler(services.invoices), devMailPageHandler(services.mail, { enabled: opts.devMailPage })];
}
