import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { columnNames, EXPORT_COLUMNS, EXPORT_KINDS, EXPORT_VERSIONS } from '../../src/exports/columns.js';
import { type Cell, csvCell, csvRecord } from '../../src/exports/csv.js';

describe('csvCell: RFC 4180 quoting and the formula-injection guard', () => {
  it.each<[Cell, string]>([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [25000000, '25000000'],
    [0, '0'],
    [true, 'true'],
    ['25000000', '25000000'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['cr\rinside', '"cr\rinside"'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+15551234', "'+15551234"],
    ['-2+3', "'-2+3"],
    // A plain negative decimal is a number to a spreadsheet, nothing more (the fee ledger's signed amounts).
    ['-25000000', '-25000000'],
    ['-0.000125', '-0.000125'],
    ['-1e5', "'-1e5"],
    ['-1.', "'-1."],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', '"\'\rCR"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['a=b', 'a=b'],
    [' =not first', ' =not first'],
    ["'quoted already", "'quoted already"],
  ])('%j → %j', (input, out) => {
    expect(csvCell(input)).toBe(out);
  });

  it('a record is its cells joined by commas and ended by CRLF', () => {
    expect(csvRecord(['a', 1, null, 'x,y'])).toBe('a,1,,"x,y"\r\n');
  });

  it('reads back through a real CSV parser as the same values (guarded cells with their leading quote)', () => {
    const rows: Cell[][] = [
      ['id', 'name', 'memo', 'amount'],
      ['inv_1', 'Ada, "the" Countess', 'two\r\nlines', '25000000'],
      ['inv_2', '=1+1', '@SUM(1)', '0'],
      ['inv_3', null, '-dash', '1'],
      ['inv_4', 'tab\tinside', 'ünïcödé €', '10'],
    ];
    const text = rows.map(csvRecord).join('');
    const parsed = parse(text, { relax_column_count: false }) as string[][];
    expect(parsed).toEqual([
      ['id', 'name', 'memo', 'amount'],
      ['inv_1', 'Ada, "the" Countess', 'two\r\nlines', '25000000'],
      ['inv_2', "'=1+1", "'@SUM(1)", '0'],
      ['inv_3', '', "'-dash", '1'],
      ['inv_4', 'tab\tinside', 'ünïcödé €', '10'],
    ]);
  });
});

describe('export columns', () => {
  it('every kind has unique snake_case column names in every version', () => {
    for (const v of EXPORT_VERSIONS)
      for (const kind of EXPORT_KINDS) {
        const names = columnNames(kind, v);
        expect(new Set(names).size, `${kind} v${v}`).toBe(names.length);
        for (const n of names) expect(n).toMatch(/^[a-z][a-z0-9_]*$/);
      }
  });

  it('every amount column sits beside a decimals column, except on order records (which carry no token decimals)', () => {
    for (const kind of EXPORT_KINDS) {
      const names = columnNames(kind, 1);
      if (kind === 'orders') expect(names.some((n) => n.includes('decimals'))).toBe(false);
      else expect(names).toContain('decimals');
    }
  });

  it('docs/exports.md lists exactly the columns of each kind and version, in order', () => {
    const doc = readFileSync(new URL('../../docs/exports.md', import.meta.url), 'utf8');
    for (const v of EXPORT_VERSIONS)
      for (const kind of EXPORT_KINDS) {
        const section = doc.split(/^### /m).find((s) => s.startsWith(`\`${kind}\` (version ${v})`));
        expect(section, `docs/exports.md has a "### \`${kind}\` (version ${v})" section`).toBeDefined();
        const documented = [...section!.matchAll(/^\| `([a-z0-9_]+)` \|/gm)].map((m) => m[1]);
        expect(documented, `${kind} v${v}`).toEqual(EXPORT_COLUMNS[v][kind].map(([n]) => n));
      }
  });
});
