import { escapeHtml, frame, type TRendered } from './layout';

/** The activation mail sent after registration ([D.04]). */
export function activationEmail(p: { siteName: string; username: string; url: string }): TRendered {
  const subject = `Activate your ${p.siteName} account`;
  const text = `Hello ${p.username},\n\nWelcome to ${p.siteName}. Confirm your e-mail address to activate your account:\n\n${p.url}\n\nThe link works once and expires in 3 days. If you did not register, ignore this mail.\n`;
  const html = frame({
    siteName: p.siteName,
    heading: 'Activate your account',
    paragraphs: [
      `Hello ${escapeHtml(p.username)},`,
      `Welcome to ${escapeHtml(p.siteName)}. Confirm your e-mail address to activate your account.`,
      'The link works once and expires in 3 days. If you did not register, ignore this mail.',
    ],
    action: { label: 'Activate account', url: p.url },
  });
  return { subject, html, text };
}
