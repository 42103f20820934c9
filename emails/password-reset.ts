import { escapeHtml, frame, type TRendered } from './layout';

/** The password-reset mail ([D.04]). */
export function passwordResetEmail(p: { siteName: string; username: string; url: string }): TRendered {
  const subject = `Reset your ${p.siteName} password`;
  const text = `Hello ${p.username},\n\nSomeone asked to reset the password of your ${p.siteName} account. Choose a new password here:\n\n${p.url}\n\nThe link works once and expires in 3 days. If it was not you, ignore this mail; your password stays as it is.\n`;
  const html = frame({
    siteName: p.siteName,
    heading: 'Reset your password',
    paragraphs: [
      `Hello ${escapeHtml(p.username)},`,
      `Someone asked to reset the password of your ${escapeHtml(p.siteName)} account.`,
      'The link works once and expires in 3 days. If it was not you, ignore this mail; your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: p.url },
  });
  return { subject, html, text };
}
