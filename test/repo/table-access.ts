import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** A Prisma model and the table it maps to (`@@map`, else the model name). */
export interface ModelTable {
  model: string;
  table: string;
  /** Relation fields: field name → the model it leads to (an `include`, `select` or filter through it reads that model). */
  relations: Record<string, string>;
}

/** Every model of the schema files in `dir` (prisma/*.prisma). */
export function readModels(dir: string): ModelTable[] {
  const bodies = new Map<string, string>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.prisma'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    for (const m of text.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) bodies.set(m[1]!, m[2]!);
  }
  return [...bodies].map(([model, body]) => {
    const map = /@@map\("([^"]+)"\)/.exec(body);
    const relations: Record<string, string> = {};
    for (const f of body.matchAll(/^\s*(\w+)\s+(\w+)(?:\[\]|\?)?(?:\s|$)/gm)) if (bodies.has(f[2]!)) relations[f[1]!] = f[2]!;
    return { model, table: map ? map[1]! : model, relations };
  });
}

/** The methods of a Prisma model delegate (`prisma.order.findMany`). */
const DELEGATE_METHODS = new Set([
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
  'count',
  'aggregate',
  'groupBy',
]);

/** A receiver that holds a Prisma client or transaction client, when a delegate is passed on without a call. */
const CLIENT_NAME = /(?:^|\.)(?:prisma|tx|db|client)$/i;

/** Text that is SQL: a statement keyword followed by the words that name tables. */
const SQL = /\b(?:SELECT|INSERT|UPDATE|DELETE|WITH)\b/;

export interface TableAccess {
  model: string;
  line: number;
  /** What was found: `prisma.order.create`, a table named in SQL, or a table handed to a helper. */
  how: string;
}

/**
 * Every place in one source file that touches a table: a Prisma delegate call or reference (`x.order.findMany`,
 * `tx.order`), a table named in SQL text (template or string), and a `table: '<name>'` property (the locked-row
 * helper takes the table by name).
 */
export function tableAccesses(fileName: string, text: string, models: readonly ModelTable[]): TableAccess[] {
  const byDelegate = new Map(models.map((m) => [m.model[0]!.toLowerCase() + m.model.slice(1), m.model]));
  const byTable = new Map(models.map((m) => [m.table, m.model]));
  const tableWord = new RegExp(`\\b(${[...byTable.keys()].sort((a, b) => b.length - a.length).join('|')})\\b`, 'g');
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: TableAccess[] = [];
  const lineOf = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const sqlText = (n: ts.Node): string | null => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return n.text;
    if (ts.isTemplateExpression(n)) return [n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join(' ? ');
    return null;
  };
  const relationsOf = new Map(models.map((m) => [m.model, m.relations]));
  /** The arguments of a delegate call: a key naming a relation of the current model reads the related model. */
  const throughRelations = (n: ts.Node, model: string, how: string): void => {
    if (ts.isArrayLiteralExpression(n)) for (const e of n.elements) throughRelations(e, model, how);
    if (!ts.isObjectLiteralExpression(n)) return;
    for (const p of n.properties) {
      if (!ts.isPropertyAssignment(p)) continue;
      const target = relationsOf.get(model)?.[p.name.getText(sf)];
      if (target) out.push({ model: target, line: lineOf(p), how: `${how} through ${model}.${p.name.getText(sf)}` });
      throughRelations(p.initializer, target ?? model, how);
    }
  };
  const visit = (n: ts.Node) => {
    if (ts.isPropertyAccessExpression(n)) {
      const model = byDelegate.get(n.name.text);
      if (model) {
        const parent = n.parent;
        const called = ts.isPropertyAccessExpression(parent) && parent.expression === n && DELEGATE_METHODS.has(parent.name.text);
        if (called) {
          const how = `${n.expression.getText(sf).replace(/\s+/g, '')}.${n.name.text}.${parent.name.text}`;
          out.push({ model, line: lineOf(n), how });
          const call = parent.parent;
          if (ts.isCallExpression(call) && call.expression === parent && call.arguments[0]) throughRelations(call.arguments[0], model, how);
        } else if (CLIENT_NAME.test(n.expression.getText(sf).replace(/\s+/g, ''))) out.push({ model, line: lineOf(n), how: n.getText(sf).replace(/\s+/g, '') });
      }
    }
    const sql = sqlText(n);
    if (sql !== null) {
      const isTableProp = ts.isPropertyAssignment(n.parent) && n.parent.initializer === n && n.parent.name.getText(sf) === 'table';
      if (isTableProp && byTable.has(sql)) out.push({ model: byTable.get(sql)!, line: lineOf(n), how: `table: '${sql}'` });
      else if (SQL.test(sql)) {
        for (const m of new Set([...sql.matchAll(tableWord)].map((x) => x[1]!))) out.push({ model: byTable.get(m)!, line: lineOf(n), how: `SQL on ${m}` });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}
