import { escapeHtml, frame, type TRendered } from './layout';

/** Tells a user a workspace was shared with them. */
export function inviteEmail(p: { siteName: string; inviter: string; workspace: string; url: string }): TRendered {
  const subject = `${p.inviter} shared "${p.workspace}" with you`;
  const text = `${p.inviter} shared the workspace "${p.workspace}" with you on ${p.siteName}.\n\nOpen it here:\n\n${p.url}\n`;
  const html = frame({
    siteName: p.siteName,
    heading: 'A workspace was shared with you',
    paragraphs: [`${escapeHtml(p.inviter)} shared the workspace <strong>${escapeHtml(p.workspace)}</strong> with you.`],
    action: { label: 'Open workspace', url: p.url },
  });
  return { subject: subject.replace(/[\r\n]+/g, ' '), html, text };
}
