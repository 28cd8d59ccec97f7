import { readFileSync } from 'node:fs';
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, isUnionType, type GraphQLNamedType } from 'graphql';
const root = process.argv[2] ?? '/work/wt-boundary-b';
const { schema } = await import(`${root}/src/graphql/schema.ts`);
const mods = ['checkout', 'invoices', 'billing', 'deposits'];
const names = new Set<string>();
const rootFields = new Set<string>();
for (const m of mods) {
  const src = readFileSync(`${root}/src/graphql/modules/${m}.ts`, 'utf8');
  for (const re of [/(?:enumType|objectRef<[^>]*>|objectRef|inputType|IdInput|Payload|payload|sessionPayload|subPayload|clockPayload|RefundPayload)\(\s*'([A-Za-z]+)'/g, /connectionType\('([A-Za-z]+)'/g]) {
    for (const x of src.matchAll(re)) names.add(x[1]);
  }
  for (const x of src.matchAll(/connectionType\('([A-Za-z]+)'/g)) { names.add(`${x[1]}Connection`); names.add(`${x[1]}ConnectionEdge`); names.add(`${x[1]}Edge`); }
  for (const x of src.matchAll(/(?:queryField|mutationField|subscriptionField)\('([A-Za-z]+)'/g)) rootFields.add(x[1]);
  for (const x of src.matchAll(/([A-Z][A-Za-z]+Ref)\.implement/g)) {
    const refs = readFileSync(`${root}/src/graphql/refs.ts`, 'utf8');
    const mm = refs.match(new RegExp(`${x[1]} = builder\\.objectRef<[^>]*>\\('([A-Za-z]+)'\\)`));
    if (mm) names.add(mm[1]);
  }
}
for (const f of rootFields) { const n = f[0].toUpperCase() + f.slice(1); names.add(`${n}Result`); }
const missing: string[] = [];
const type = (t: GraphQLNamedType) => {
  if (!t.description) missing.push(`type ${t.name}`);
  if (isObjectType(t) || isInterfaceType(t) || isInputObjectType(t)) {
    for (const f of Object.values(t.getFields())) {
      if (!f.description) missing.push(`${t.name}.${f.name}`);
      for (const a of (f as { args?: { name: string; description?: string | null }[] }).args ?? []) if (!a.description) missing.push(`${t.name}.${f.name}(${a.name})`);
    }
  }
  if (isEnumType(t)) for (const v of t.getValues()) if (!v.description) missing.push(`${t.name}.${v.name}`);
};
for (const n of names) { const t = schema.getType(n); if (t) type(t); }
for (const [rt, r] of [['Query', schema.getQueryType()], ['Mutation', schema.getMutationType()], ['Subscription', schema.getSubscriptionType()]] as const) {
  for (const f of Object.values(r!.getFields())) {
    if (!rootFields.has(f.name)) continue;
    if (!f.description) missing.push(`${rt}.${f.name}`);
    for (const a of f.args) if (!a.description) missing.push(`${rt}.${f.name}(${a.name})`);
  }
}
console.log([...names].filter((n) => !schema.getType(n)).map((n) => `(no type ${n})`).join(' '));
console.log(missing.length);
console.log(missing.join('\n'));
