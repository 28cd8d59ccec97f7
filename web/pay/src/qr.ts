import qrcode from 'qrcode-generator';

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * A QR code of `text` as an SVG element, built with DOM APIs only (attributes, no inline style, no markup
 * parsed from strings), so the page's strict Content-Security-Policy needs nothing more. Error correction M,
 * the smallest version that fits; each dark module is one unit square of a single path, inside a 4-module
 * quiet zone. `data-modules` carries the module count (the QR version's size).
 */
export function qrSvg(text: string, label: string): SVGSVGElement {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  const quiet = 4;
  const size = n + 2 * quiet;
  let d = '';
  for (let row = 0; row < n; row++) for (let col = 0; col < n; col++) if (qr.isDark(row, col)) d += `M${col + quiet} ${row + quiet}h1v1h-1z`;
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('xmlns', SVG_NS);
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('width', '200');
  svg.setAttribute('height', '200');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.setAttribute('data-modules', String(n));
  const bg = document.createElementNS(SVG_NS, 'rect');
  bg.setAttribute('width', String(size));
  bg.setAttribute('height', String(size));
  bg.setAttribute('fill', '#ffffff');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill', '#000000');
  svg.append(bg, path);
  return svg;
}
