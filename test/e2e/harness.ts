import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium (never a downloaded browser); CHROMIUM_PATH overrides. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless chromium as this closed network needs it: without the background-networking flags it keeps trying
 * Google's hosts and has its connections refused.
 */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

const require = createRequire(import.meta.url);

/** axe-core's browser bundle, evaluated in a page by the accessibility checks. */
export const axeSource = (): string => readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** A webhook delivery as the merchant's receiver got it (Standard Webhooks headers and the raw body). */
interface Hook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

/** The merchant's site: a webhook receiver at /hook and a thank-you page (successUrl) everywhere else. */
export async function startMerchant() {
  const hooks: Hook[] = [];
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/hook')) {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        hooks.push({
          id: String(req.headers['webhook-id']),
          timestamp: String(req.headers['webhook-timestamp']),
          signature: String(req.headers['webhook-signature']),
          body,
        });
        res.writeHead(204).end();
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html lang="en"><title>Thanks</title><h1>Thank you for your order</h1></html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, hooks, close: () => new Promise<void>((r) => server.close(() => r())) };
}
