/** One suffix rule: "example.com", "@example.com" or ".example.com" match example.com and its subdomains. */
function matches(domain: string, rule: string): boolean {
  const r = rule
    .trim()
    .toLowerCase()
    .replace(/^[@.]+/, '');
  return r !== '' && (domain === r || domain.endsWith(`.${r}`));
}

/** Registration's e-mail suffix rules (site setting): a non-empty allow list, then the deny list. */
export function emailAllowed(email: string, rules: { allow: readonly string[]; deny: readonly string[] }) {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (rules.allow.length > 0 && !rules.allow.some((r) => matches(domain, r))) return false;
  return !rules.deny.some((r) => matches(domain, r));
}
