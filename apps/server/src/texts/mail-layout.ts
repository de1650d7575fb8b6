import type { MailMessage } from '../plugins/mail';
import type { ServerT } from './index';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A mail in Tolk's one layout, as text and as HTML alike: a greeting, paragraphs, one button
 * (with its address written out for mail readers that show no buttons) and the signature, in
 * the recipient's language and direction.
 */
export function layoutMail(input: {
  t: ServerT;
  language: string;
  to: string;
  subject: string;
  name: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** After the button: how long it works, what to do if it was not you. */
  after?: string[];
  headers?: Record<string, string>;
  /** An unsubscribe link for the foot (notification mails). */
  footer?: { text: string; url: string };
}): MailMessage {
  const { t, action } = input;
  const after = input.after ?? [];
  const greeting = t('mail.greeting', { name: input.name });
  const signature = t('mail.signature');
  const text = [
    greeting,
    ...input.paragraphs,
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...after,
    `-- \n${signature}`,
    ...(input.footer ? [`${input.footer.text}: ${input.footer.url}`] : []),
  ].join('\n\n');
  const dir = input.language === 'ar' ? 'rtl' : 'ltr';
  const p = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value).replace(/\n/g, '<br>')}</p>`;
  const html = `<!doctype html>
<html lang="${escapeHtml(input.language)}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f7f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1b2b29">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
${p(greeting)}
${input.paragraphs.map(p).join('\n')}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#55625f">${escapeHtml(t('mail.linkHint'))}<br><a href="${escapeHtml(action.url)}" style="color:#0f766e;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ''
}
${after.map(p).join('\n')}
<p style="margin:24px 0 0;font-size:13px;color:#55625f">${escapeHtml(signature)}</p>
${input.footer ? `<p style="margin:8px 0 0;font-size:12px"><a href="${escapeHtml(input.footer.url)}" style="color:#55625f">${escapeHtml(input.footer.text)}</a></p>` : ''}
</div>
</body>
</html>`;
  return { to: input.to, subject: input.subject, text, html, ...(input.headers ? { headers: input.headers } : {}) };
}
