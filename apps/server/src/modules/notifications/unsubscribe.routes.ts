import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NOTIFICATION_TOPICS } from '@tolk/shared/schemas/notifications';
import { routes } from '../../http/routes';
import { errorResponses } from '../../plugins/errors';
import { serverTexts } from '../../texts';
import type { NotificationsService } from './notifications.service';
import type { UnsubscribeLinks } from './unsubscribe-links';

const querySchema = z.object({ token: z.string().max(200) });
const page = z.string().describe('An HTML page in the member’s language');

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A small page of its own: a mail client opens it with no app around it. */
function html(reply: FastifyReply, language: string, body: string) {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="referrer" content="no-referrer"><title>Tolk</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">${body}</body></html>`,
    );
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/**
 * One-click unsubscribe (RFC 8058): a mail client POSTs to the link in `List-Unsubscribe`; a person
 * who opens the link in a mail gets a page asking to confirm, since opening a link (or a scanner
 * fetching it) must not change anything. The signed token says whose mail and which mail.
 */
export async function unsubscribeRoutes(
  app: FastifyInstance,
  options: {
    links: UnsubscribeLinks;
    service: NotificationsService;
    languageOf: (accountId: string) => Promise<string | null>;
  },
) {
  const { links, service } = options;
  // RFC 8058's body is a form (`List-Unsubscribe=One-Click`): read here, and only here.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const route = routes(app, {
    tags: ['notifications'],
    errors: errorResponses(400),
    config: { auth: 'optional' },
    actor: () => null,
  });

  type Link = NonNullable<ReturnType<UnsubscribeLinks['verify']>> & ReturnType<typeof serverTexts>;
  /**
   * A handler of a signed link, given the member's link and texts; a link nobody signed (or whose
   * member is gone) names no member, and gets 404 with its page in the browser's language.
   */
  const forLink =
    (answer: (link: Link, token: string, reply: FastifyReply) => Promise<FastifyReply>) =>
    async (
      _: unknown,
      request: { query: { token: string }; headers: FastifyRequest['headers'] },
      reply: FastifyReply,
    ) => {
      const { token } = request.query;
      const link = links.verify(token);
      const language = link ? await options.languageOf(link.accountId) : null;
      if (link && language) return answer({ ...link, ...serverTexts(language) }, token, reply);
      const { t, language: shown } = serverTexts(request.headers['accept-language']?.split(/[,;]/)[0]?.trim() ?? 'en');
      return html(reply.status(404), shown, paragraph(t('unsubscribe.invalid')));
    };

  route('GET /notifications/unsubscribe', {
    summary: 'The page an unsubscribe link in a mail opens: it asks to confirm',
    querystring: querySchema,
    response: { 200: page, 404: page },
    handler: forLink(async (link, token, reply) => {
      const { t } = link;
      const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
      return html(
        reply,
        link.language,
        paragraph(t('unsubscribe.confirm')) +
          `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
          `<button type="submit" style="font:inherit;padding:.6rem 1.2rem">${escapeHtml(t('mail.unsubscribe'))}</button></form>`,
      );
    }),
  });

  route('POST /notifications/unsubscribe', {
    summary: 'One-click unsubscribe (RFC 8058): stop the mail a signed link names',
    querystring: querySchema,
    response: { 200: page, 404: page },
    handler: forLink(async (link, _token, reply) => {
      const topics = link.scope === 'all' ? NOTIFICATION_TOPICS : [link.scope];
      await service.saveSettings(link.accountId, {
        topics: Object.fromEntries(topics.map((topic) => [topic, { email: false }])),
      });
      return html(reply, link.language, paragraph(link.t('unsubscribe.done')));
    }),
  });
}
