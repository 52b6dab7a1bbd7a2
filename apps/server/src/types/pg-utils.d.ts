declare module 'pg/lib/utils' {
  /** How node-postgres turns a parameter's value into what it sends: text, bytes or null. */
  export function prepareValue(value: unknown): string | Buffer | null;
}
