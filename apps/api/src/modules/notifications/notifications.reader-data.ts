import { toIso } from '#/db/portable.ts'
import { pagesAlong, type ReaderDataDoor } from '#/reader-data.ts'
import { hasActors } from '#/modules/notifications/notifications.repository.ts'

// The notifications module's door to a reader's data (decision 0052): their notifications and
// settings are exported (without who acted: those are other readers) and removed with the account;
// their place in others' groups and their stream tickets are removed too.

export const notificationsDoor: ReaderDataDoor = {
  module: 'notifications',
  tables: {
    notifications: { exported: { in: ['notifications'] }, removed: 'deleted' },
    notificationSettings: { exported: { in: ['notifications'] }, removed: 'deleted' },
    notificationActors: { exported: { leftOut: 'the reader’s place in other readers’ notifications: theirs, not this reader’s' }, removed: 'deleted' },
    notificationTickets: { exported: { leftOut: 'a minute-long ticket to open a live stream' }, removed: 'deleted' },
    notificationCounts: { exported: { leftOut: 'how many notifications the reader has, counted again from them' }, removed: 'deleted' },
  },
  exportFor: (db, userId) => ({
    sections: {
      notifications: {
        items: {
          async pages(after, limit) {
            let q = db
              .selectFrom('notifications')
              .select(['id', 'type', 'targetType', 'targetId', 'actorCount', 'createdAt', 'updatedAt', 'readAt'])
              .where('userId', '=', userId)
              // A group everyone was withdrawn from is not shown to its reader (decision 0052, "Withdrawn").
              .where(hasActors)
            if (after !== undefined) q = q.where('id', '<', after)
            const rows = await q.orderBy('id', 'desc').limit(limit).execute()
            const last = rows.at(-1)
            return {
              items: rows.map((r) => ({
                type: r.type,
                targetType: r.targetType,
                targetId: r.targetId,
                count: r.actorCount,
                createdAt: toIso(r.updatedAt),
                readAt: r.readAt === null ? null : toIso(r.readAt),
              })),
              ...(rows.length === limit && last ? { next: last.id } : {}),
            }
          },
        },
        turnedOff: {
          pages: pagesAlong(
            () => db.selectFrom('notificationSettings').select('type').where('userId', '=', userId),
            'type',
            (r) => r.type,
          ),
        },
      },
    },
  }),
  async removeFor(trx, userId) {
    // Their place in others' groups goes; the groups' counts stay as they were told.
    await trx.deleteFrom('notificationActors').where('actorId', '=', userId).execute()
    await trx.deleteFrom('notifications').where('userId', '=', userId).execute()
    await trx.deleteFrom('notificationSettings').where('userId', '=', userId).execute()
    await trx.deleteFrom('notificationTickets').where('userId', '=', userId).execute()
    // After their notifications: the triggers that keep the count have nothing left to move.
    await trx.deleteFrom('notificationCounts').where('userId', '=', userId).execute()
  },
}
