/**
 * Log lines holding what a log must never hold (issue 22, decision 036): access or refresh tokens
 * (JWTs), e-mail addresses, a bearer header, or any of the given secrets (a password, a device's
 * access token). Each finding names the line and the kind, never the value. The e2e stack runs
 * every browser test's server at the info level and fails the file on a finding.
 */
export function personalDataIn(lines: readonly string[], secrets: readonly string[]): string[] {
  const patterns: Array<[string, RegExp]> = [
    ['a JWT', /eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/],
    ['an e-mail address', /[\w.%+-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}/i],
    ['a bearer token', /bearer\s+[\w.-]{16,}/i],
  ];
  const found: string[] = [];
  for (const [i, line] of lines.entries()) {
    for (const [what, re] of patterns) if (re.test(line)) found.push(`line ${i + 1}: ${what}`);
    if (secrets.some((secret) => secret.length > 0 && line.includes(secret)))
      found.push(`line ${i + 1}: a password or device token`);
  }
  return found.slice(0, 20);
}
