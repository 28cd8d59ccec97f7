import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';

/** The text of every page of a PDF, as pdfjs-dist (Mozilla's PDF reader) extracts it, one string per page. */
export async function pdfText(pdf: Uint8Array): Promise<{ pages: string[]; links: string[]; info: Record<string, unknown> }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  const links: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str + (it.hasEOL ? '\n' : ' ') : '')).join(''));
    for (const a of await page.getAnnotations()) if (a.url) links.push(a.url as string);
  }
  const meta = await doc.getMetadata();
  await doc.destroy();
  return { pages, links, info: meta.info as Record<string, unknown> };
}

/** Renders the pages to PNG with poppler's pdftoppm (Debian poppler-utils) under `dir`; returns the files written. */
export async function pdfToPngs(pdf: Uint8Array, dir: string, name: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const file = `${dir}${name}.pdf`;
  writeFileSync(file, pdf);
  await promisify(execFile)('pdftoppm', ['-png', '-r', '72', file, `${dir}${name}`]);
  const { readdirSync } = await import('node:fs');
  return readdirSync(dir)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
    .map((f) => `${dir}${f}`);
}
