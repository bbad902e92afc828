/** A request path fit for logs: the tokens in mailed-link endpoints are replaced. */
export function loggablePath(path: string): string {
  return path.replace(
    /\/(password-resets|email-verifications|team-invitations|athlete-links)\/[^/?#]+/g,
    "/$1/[token]",
  );
}
