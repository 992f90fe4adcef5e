/** Badge text for the message bell: nothing at zero, "99+" above 99. */
export function unreadBadge(count: number | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
