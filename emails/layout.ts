/** Shared frame for every mail: escaped HTML body plus the plain-text twin. */
export type TRendered = { subject: string; html: string; text: string };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Wraps paragraphs (already escaped) and an optional call-to-action link in the product's mail frame. */
export function frame(opts: { siteName: string; heading: string; paragraphs: string[]; action?: { label: string; url: string } }): string {
  const { siteName, heading, paragraphs, action } = opts;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#f76430;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#666">If the button does not work, paste this address into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Roboto,Arial,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#f76430">${escapeHtml(siteName)}</h1>
<h2 style="font-size:18px">${escapeHtml(heading)}</h2>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
${button}
</body></html>`;
}
