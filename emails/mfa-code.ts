import { frame, type TRendered } from './layout';

/** The e-mail verification code (django-trench's subject "Your verification code"). */
export function mfaCodeEmail(p: { siteName: string; code: string }): TRendered {
  const subject = 'Your verification code';
  const text = `${p.code}\n\nThis code is valid for 10 minutes and works once.\n`;
  const html = frame({
    siteName: p.siteName,
    heading: 'Your verification code',
    paragraphs: [`<strong style="font-size:24px;letter-spacing:4px">${p.code}</strong>`, 'This code is valid for 10 minutes and works once.'],
  });
  return { subject, html, text };
}
