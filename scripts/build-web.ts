/**
 * Compiles every browser app under web/ once, as the server does on an app's first request, and fails on an error:
 * the Docker image build runs it so that an image with a broken dashboard is never made.
 *   node --import tsx scripts/build-web.ts
 */
import { buildWebApp, type WebAppName } from '../src/pages/web-app.js';

const apps: WebAppName[] = ['dashboard', 'admin'];
for (const name of apps) {
  const b = await buildWebApp(name);
  console.log(`${name}: app.${b.jsHash}.js ${b.jsBytes} bytes, app.${b.cssHash}.css ${b.cssBytes} bytes`);
}
