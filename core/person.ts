/** Avatar initials, from the name, else the e-mail, so every account shows something (JD at worst). */
export function initialsOf(
  user: { firstName?: string | null; lastName?: string | null; email?: string | null } | null | undefined,
): string {
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  if (first && last) return (first[0] + last[0]).toUpperCase();
  const email = user?.email?.trim();
  if (email) return email.slice(0, 2).toUpperCase();
  return 'JD';
}

/**
 * An address as someone other than its holder sees it, in an owner's list of customers or in the
 * notice to an old address of its replacement: the first two characters of the name, then the domain
 * ("ma•••@example.ph").
 */
export function maskEmail(email: string) {
  const at = email.lastIndexOf('@');
  if (at < 0) return '•••';
  return `${email.slice(0, Math.min(2, at))}•••${email.slice(at)}`;
}
