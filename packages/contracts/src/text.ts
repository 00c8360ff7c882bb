// Text helpers shared by the server's HTML pages and the web's policy templates.

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to place in HTML content or a quoted attribute. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
