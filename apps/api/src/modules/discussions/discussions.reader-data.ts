import { nowIso, toIso } from '#/db/portable.ts'
import { chunked } from '#/book-merge.ts'
import { pagesAlong, type ExportSections, type ReaderDataDoor } from '#/reader-data.ts'
import { fromStoredPosition } from '#/modules/spoilers/spoilers.service.ts'
import { recountDiscussions } from '#/modules/discussions/discussions.repository.ts'

// The discussions module's door to a reader's data (decision 0043): the threads they started and the
// posts they wrote, exported oldest first. Closing the account deletes their posts; one that others
// answered stays as a tombstone (no text, no author) so the thread still reads, and a thread they
// started that holds others' posts stays, its title kept and its starter unlinked. A thread left
// without a live post goes.

type Sections = Pick<ExportSections, 'discussions'>

export const discussionsDoor: ReaderDataDoor<{ sections: Sections }> = {
  module: 'discussions',
  tables: {
    discussions: { exported: { in: ['discussions'] }, removed: 'deleted' },
    discussionPosts: { exported: { in: ['discussions'] }, removed: 'deleted' },
  },

  exportFor: (db, userId) => ({
    sections: {
      discussions: {
        threads: {
          // Along discussions_user_idx (ids are time-ordered), after a thread's id.
          pages: pagesAlong(
            () => db.selectFrom('discussions').select(['id', 'bookId', 'title', 'createdAt']).where('userId', '=', userId),
            'id',
            (r) => ({ id: r.id, bookId: r.bookId, title: r.title, createdAt: toIso(r.createdAt) }),
          ),
        },
        posts: {
          // Along discussion_posts_user_idx, after a post's id; a tombstone has no author, so none is listed.
          pages: pagesAlong(
            () =>
              db
                .selectFrom('discussionPosts')
                .select(['id', 'discussionId', 'parentId', 'text', 'positionKind', 'positionValue', 'createdAt', 'editedAt'])
                .where('userId', '=', userId)
                .where('deletedAt', 'is', null),
            'id',
            (r) => ({
              id: r.id,
              discussionId: r.discussionId,
              parentId: r.parentId,
              text: r.text ?? '',
              position: fromStoredPosition(r.positionKind, r.positionValue === null ? null : Number(r.positionValue)),
              createdAt: toIso(r.createdAt),
              editedAt: r.editedAt === null ? null : toIso(r.editedAt),
            }),
          ),
        },
      },
    },
  }),

  async removeFor(trx, userId) {
    const touched = new Set<string>()
    for (const r of await trx.selectFrom('discussionPosts').select('discussionId').distinct().where('userId', '=', userId).execute())
      touched.add(r.discussionId)
    for (const r of await trx.selectFrom('discussions').select('id').where('userId', '=', userId).execute()) touched.add(r.id)
    // Their replies go; so do their top-level posts nobody answered (but a thread's opening post with others after it).
    await trx.deleteFrom('discussionPosts').where('userId', '=', userId).where('parentId', 'is not', null).execute()
    await trx
      .deleteFrom('discussionPosts')
      .where('userId', '=', userId)
      .where('parentId', 'is', null)
      .where(({ exists, selectFrom, not, and, eb }) =>
        and([
          not(exists(selectFrom('discussionPosts as r').select('r.id').whereRef('r.parentId', '=', 'discussionPosts.id'))),
          eb('discussionPosts.id', '!=', eb.ref('discussionPosts.discussionId')),
        ]),
      )
      .execute()
    // What others answered stays, without text, author or position.
    await trx
      .updateTable('discussionPosts')
      .set({ text: null, userId: null, positionKind: null, positionValue: null, deletedAt: nowIso() })
      .where('userId', '=', userId)
      .execute()
    await trx.updateTable('discussions').set({ userId: null }).where('userId', '=', userId).execute()
    for (const ids of chunked([...touched])) {
      // Tombstones whose replies all went, but opening posts, then threads without a live post.
      await trx
        .deleteFrom('discussionPosts')
        .where('discussionId', 'in', ids)
        .where('deletedAt', 'is not', null)
        .where('parentId', 'is', null)
        .where(({ exists, selectFrom, not }) =>
          not(exists(selectFrom('discussionPosts as r').select('r.id').whereRef('r.parentId', '=', 'discussionPosts.id'))),
        )
        .where((eb) => eb('discussionPosts.id', '!=', eb.ref('discussionPosts.discussionId')))
        .execute()
      await recountDiscussions(trx, ids)
      await trx.deleteFrom('discussions').where('id', 'in', ids).where('postCount', '<=', 0).execute()
    }
  },
}
