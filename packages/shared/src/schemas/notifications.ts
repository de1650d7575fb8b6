import { z } from 'zod';

/**
 * What a notification is about, one setting each (push, email): muses in a conversation I am not
 * viewing, connections, trips, orders (mine and my sales), payments, subscriptions, my reports,
 * references (to write, written about me).
 */
export const NOTIFICATION_TOPICS = [
  'muse',
  'connection',
  'trip',
  'order',
  'payment',
  'subscription',
  'report',
  'reference',
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** What happened, by topic: the web words each one in the reader's language. */
export const NOTIFICATION_EVENTS = {
  muse: ['new'],
  connection: ['requested', 'accepted'],
  trip: ['meet'],
  order: ['placed', 'accepted', 'declined', 'paid', 'refunded', 'cancelled', 'fulfilled'],
  payment: ['failed'],
  subscription: ['renewed', 'failing', 'ending'],
  report: ['handled'],
  reference: ['writable', 'closing', 'received', 'shown'],
} as const satisfies Record<NotificationTopic, readonly string[]>;
export type NotificationEvent = {
  [T in NotificationTopic]: (typeof NOTIFICATION_EVENTS)[T][number];
}[NotificationTopic];

/** Where each topic reaches a member away from the app, until they change it. In the app: always. */
export const NOTIFICATION_DEFAULTS: Record<NotificationTopic, { push: boolean; email: boolean }> = {
  muse: { push: true, email: true },
  connection: { push: true, email: true },
  trip: { push: true, email: true },
  order: { push: true, email: true },
  payment: { push: true, email: true },
  subscription: { push: false, email: true },
  report: { push: false, email: true },
  reference: { push: true, email: true },
};

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;

export const notificationsQuerySchema = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_SIZE),
});

export const notificationSchema = z.object({
  id: z.uuid(),
  topic: z.enum(NOTIFICATION_TOPICS),
  event: z.string(),
  /** The member who did it (sender, requester, buyer...); null for what the system did. */
  actor: z.object({ id: z.uuid(), username: z.string(), displayName: z.string() }).nullable(),
  /**
   * What the words need besides the actor, already in the reader's language where it is text
   * they read (a muse's preview): `title` (a thing, plan or conversation), `preview`, `reason`.
   */
  data: z.record(z.string(), z.string()),
  /** Muses: how many arrived since the notification was last read. */
  count: z.number().int(),
  /** The screen it opens (an app path). */
  link: z.string(),
  createdAt: z.string(),
  /** Last changed (a later muse in the same conversation): lists are newest first by this. */
  updatedAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const unreadNotificationsSchema = z.object({ unread: z.number().int() });
export type UnreadNotifications = z.infer<typeof unreadNotificationsSchema>;

const channelsSchema = z.object({ push: z.boolean(), email: z.boolean() });
export const notificationSettingsSchema = z.object({
  topics: z.object(
    Object.fromEntries(NOTIFICATION_TOPICS.map((topic) => [topic, channelsSchema])) as Record<
      NotificationTopic,
      typeof channelsSchema
    >,
  ),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** A change of some topics' channels; topics not named keep theirs. */
export const notificationSettingsInputSchema = z.object({
  topics: z.partialRecord(z.enum(NOTIFICATION_TOPICS), channelsSchema.partial()),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

export const OUTGOING_MAIL_PAGE_SIZE = 20;

export const outgoingMailQuerySchema = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(OUTGOING_MAIL_PAGE_SIZE),
  /** Only mail to this address. */
  to: z.string().trim().max(254).optional(),
});

/** A mail the server sent (superadmins' "Outgoing mail"): kept in full when no SMTP server is set. */
export const outgoingMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  transport: z.enum(['smtp', 'mailbox']),
  sentAt: z.string(),
});
export type OutgoingMail = z.infer<typeof outgoingMailSchema>;

export const outgoingMailPageSchema = z.object({
  items: z.array(outgoingMailSchema),
  nextCursor: z.string().nullable(),
  /** Where mail goes now: `smtp` (TOLK_SMTP_URL) or `mailbox` (kept here). */
  transport: z.enum(['smtp', 'mailbox']),
});
export type OutgoingMailPage = z.infer<typeof outgoingMailPageSchema>;

/** Deliveries (mail, push, notifications) that failed for good, for superadmins to look at and retry. */
export const deadDeliverySchema = z.object({
  id: z.number().int(),
  topic: z.string(),
  key: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DeadDelivery = z.infer<typeof deadDeliverySchema>;
export const deadDeliveriesSchema = z.object({ items: z.array(deadDeliverySchema) });
export type DeadDeliveries = z.infer<typeof deadDeliveriesSchema>;
export const deliveryParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/**
 * Web push. The server's VAPID public key (base64url, the `applicationServerKey` a browser
 * subscribes with), or null when this server cannot push.
 */
export const pushKeySchema = z.object({ publicKey: z.string().nullable() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** Where a push service takes pushes for one device: a browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: 'a push service address (https://...)' }).max(1000),
  keys: z.object({
    /** The device's P-256 public key, base64url (65 bytes: 87 characters). */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/),
    /** The device's authentication secret, base64url (16 bytes: 22 characters). */
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushEndpointQuerySchema = z.object({ endpoint: z.url().max(1000) });

/** What the service worker shows: already in the member's language. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The app path it opens on a tap. */
  link: z.string(),
  /** Notifications of the same tag replace each other on the device (one per conversation). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
