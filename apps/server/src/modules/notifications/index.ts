/** The notifications module's public face: what members are told of (`app.notifications`). Other modules import only this file. */
export { notificationsPlugin } from './notifications.plugin';
export type { NotificationEvent, NotificationInput, NotificationsService } from './notifications.service';
