import { sql } from 'drizzle-orm';
import { REFERENCE_REMINDER_DAYS_LEFT } from '@tolk/shared/limits';
import { queryRows, type Database } from '../../db/client';
import { memberReferences } from '../../db/schema/references';
import type { Outbox } from '../../plugins/outbox';
import { cityById } from '../cities';
import type { NotificationsService } from '../notifications';
import { moment, occasionPairs, windowCloses } from './occasions.sql';

const SWEEP = 'reference-reminders';
const REMIND = 'reference-reminder';
const DAY_MS = 24 * 60 * 60_000;
/** How far back a sweep looks: a day missed while no instance ran is still caught up. */
const LOOK_BACK_MS = 2 * DAY_MS;

interface Reminder {
  recipientId: string;
  otherId: string;
  about: string;
  event: 'writable' | 'closing';
  title: string;
  closesAt: string;
}

/**
 * Reminders to write a reference: when one becomes writable, and REFERENCE_REMINDER_DAYS_LEFT
 * days before its window closes, to each side that has not written. A sweep through the outbox
 * every `everyMs` looks back two days (so restarts and missed sweeps lose nothing) and queues
 * each reminder under a once-only key (so overlapping sweeps send nothing twice). The other
 * member is the notification's actor: a block between them stops it as it stops every other.
 */
export function createReferenceReminders(deps: {
  db: Database;
  outbox: Pick<Outbox, 'handle' | 'enqueue'>;
  notifications: Pick<NotificationsService, 'notify'>;
  now: () => Date;
  everyMs: number;
}) {
  const { db, outbox, everyMs } = deps;

  async function due(until: Date): Promise<Reminder[]> {
    const since = moment(new Date(until.getTime() - LOOK_BACK_MS));
    const upTo = moment(until);
    const closingAt = (from: string) =>
      sql`${windowCloses(sql.raw(from))} - ${REFERENCE_REMINDER_DAYS_LEFT} * interval '1 day'`;
    const rows = await queryRows<{
      recipient_id: string;
      other_id: string;
      about: string;
      event: 'writable' | 'closing';
      title: string;
      city_id: number | null;
      closes_at: Date | string;
    }>(
      db,
      sql`
      with due as (
        select p.*, case
          when p.writable_from > ${since} and p.writable_from <= ${upTo} then 'writable'
          when ${closingAt('p.writable_from')} > ${since} and ${closingAt('p.writable_from')} <= ${upTo} then 'closing'
        end as event
        from ${occasionPairs()} p
        where p.writable_from is not null
      ), sides as (
        select a_id as recipient_id, b_id as other_id, about, event, title, city_id, writable_from from due where event is not null
        union all
        select b_id, a_id, about, event, title, city_id, writable_from from due where event is not null
      )
      select s.recipient_id, s.other_id, s.about, s.event, s.title, s.city_id, ${windowCloses(sql`s.writable_from`)} as closes_at
      from sides s
      where not exists (select 1 from ${memberReferences} r
        where r.author_id = s.recipient_id and r.subject_id = s.other_id and r.about = s.about)`,
    );
    return rows.map((row) => ({
      recipientId: row.recipient_id,
      otherId: row.other_id,
      about: row.about,
      event: row.event,
      title: row.city_id === null ? row.title : (cityById(row.city_id)?.name ?? ''),
      closesAt: new Date(row.closes_at).toISOString(),
    }));
  }

  const sweepJob = (at: number, runAt = new Date(at)) => ({
    topic: SWEEP,
    key: `${SWEEP}:${at}`,
    payload: { at },
    runAt,
  });

  outbox.handle(SWEEP, async (payload) => {
    const { at } = payload as { at: number };
    const reminders = await due(new Date(at));
    await outbox.enqueue(
      reminders.map((reminder) => ({
        topic: REMIND,
        key: `${REMIND}:${reminder.about}:${reminder.recipientId}:${reminder.otherId}:${reminder.event}`,
        payload: reminder,
      })),
    );
    if (everyMs > 0) await outbox.enqueue([sweepJob(at + everyMs)]);
  });

  outbox.handle(REMIND, async (payload) => {
    const reminder = payload as Reminder;
    await deps.notifications.notify({
      recipientIds: [reminder.recipientId],
      topic: 'reference',
      event: reminder.event,
      subject: `reference:${reminder.about}:${reminder.otherId}`,
      actorId: reminder.otherId,
      data: { title: reminder.title, date: reminder.closesAt.slice(0, 10) },
      link: '/references',
    });
  });

  return {
    /** Queues the next sweep (each instance on start; the key keeps it one). */
    async start() {
      if (everyMs <= 0) return;
      await outbox.enqueue([sweepJob(Math.ceil(deps.now().getTime() / everyMs) * everyMs)]);
    },
    /** Queues a sweep up to `at` to run at once (tests, whose clock runs ahead of the database's). */
    sweep: (at: Date) => outbox.enqueue([sweepJob(at.getTime(), new Date())]),
  };
}

export type ReferenceReminders = ReturnType<typeof createReferenceReminders>;
