/** Credentials sent with HTTP basic authentication: a server's, or a proxy's. */
export interface HttpAuth {
  readonly username: string;
  readonly password: string;
}

/** The value of an `Authorization` (or `Proxy-Authorization`) header for `auth`. */
export function basicAuthorization(auth: HttpAuth): string {
  return `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
}
