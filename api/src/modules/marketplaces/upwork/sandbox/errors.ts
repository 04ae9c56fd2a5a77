/**
 * An error a sandbox resolver throws with the `extensions` the real service sends. graphql-js
 * carries an original error's `extensions` into the answer, so resolvers need not load graphql.
 */
export class UpworkResolverError extends Error {
  constructor(
    message: string,
    readonly extensions: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'UpworkResolverError';
  }
}

/** The error the real service gives when the key or token lacks a permission (HTTP 200). */
export function scopeError(fields: string[]): UpworkResolverError {
  return new UpworkResolverError(
    `The client or authentication token doesn't have enough oauth2 permissions/scopes to access: [${fields.join(', ')}]`,
    {
      code: 'FORBIDDEN',
      classification: 'ExecutionAborted',
    },
  );
}
