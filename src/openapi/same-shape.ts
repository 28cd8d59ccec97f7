/**
 * Compile-time proof that a zod response schema and the TypeScript type the code builds agree both ways:
 * `sameShape<z.output<typeof schema>, View>(true)` fails to compile when either gains, loses or changes a
 * field, so the OpenAPI document cannot drift from the views.
 */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const sameShape = <A, B>(ok: SameShape<A, B>): SameShape<A, B> => ok;
