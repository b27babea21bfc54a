import { pagesAlong, type ReaderDataDoor } from '#/reader-data.ts'

// The webhooks module's door to a reader's data (decision 0048): their hooks and delivery logs, removed
// with the account. The export lists the hooks without their secrets (`webhooks` section).

/** The reader's webhooks and their deliveries. */
export const webhooksDoor: ReaderDataDoor = {
  module: 'webhooks',
  tables: {
    webhooks: { exported: { in: ['webhooks'] }, removed: 'deleted' },
    webhookDeliveries: { exported: { leftOut: 'a delivery log: what was sent to the reader’s own receiver, kept a short while' }, removed: 'deleted' },
  },
  exportFor: (db, userId) => ({
    sections: {
      webhooks: {
        pages: pagesAlong(
          () => db.selectFrom('webhooks').select(['id', 'url', 'events', 'createdAt', 'disabledAt']).where('userId', '=', userId),
          'id',
          (r) => ({
            url: r.url,
            events: r.events.split(',').filter(Boolean),
            createdAt: typeof r.createdAt === 'string' ? r.createdAt : r.createdAt.toISOString(),
            disabled: r.disabledAt !== null,
          }),
        ),
      },
    },
  }),
  async removeFor(trx, userId) {
    await trx.deleteFrom('webhookDeliveries').where('userId', '=', userId).execute()
    await trx.deleteFrom('webhooks').where('userId', '=', userId).execute()
  },
}
